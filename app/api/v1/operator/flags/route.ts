import { handler } from '@/lib/server/http/handler';
import { listFlags } from '@/lib/server/risk/flags';
import { riskRoutes } from '@/lib/server/risk/routes';

export const GET = handler(riskRoutes.flags, ({ query }) => listFlags(query));
