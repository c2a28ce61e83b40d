import { configRoutes } from '@/lib/server/config/routes';
import { handler } from '@/lib/server/http/handler';
import { checkReadiness } from '@/lib/server/health';

export const dynamic = 'force-dynamic';

export const GET = handler(configRoutes.ready, () => checkReadiness());
