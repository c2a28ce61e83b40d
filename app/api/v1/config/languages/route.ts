import { listLanguages } from '@/lib/server/config/languages';
import { configRoutes } from '@/lib/server/config/routes';
import { handler } from '@/lib/server/http/handler';

export const dynamic = 'force-dynamic';

export const GET = handler(configRoutes.languages, () => listLanguages());
