import { handler } from '@/lib/server/http/handler';
import { suspendEvent } from '@/lib/server/sportsbook/room';
import { sportsbookRoutes } from '@/lib/server/sportsbook/routes';

export const POST = handler(sportsbookRoutes.suspendEvent, ({ actor, params, body }) =>
  suspendEvent(actor, params.id, body),
);
