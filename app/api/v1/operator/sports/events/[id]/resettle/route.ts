import { handler } from '@/lib/server/http/handler';
import { requestResettlement } from '@/lib/server/sportsbook/resettle';
import { sportsbookRoutes } from '@/lib/server/sportsbook/routes';

export const POST = handler(sportsbookRoutes.resettleEvent, ({ actor, params, body }) =>
  requestResettlement(actor, params.id, body),
);
