import { listLanguages } from '@/lib/server/config/languages';
import { handler } from '@/lib/server/http/handler';

export const dynamic = 'force-dynamic';

export const GET = handler({}, () => listLanguages());
