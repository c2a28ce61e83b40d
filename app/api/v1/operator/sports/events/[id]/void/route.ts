import { handler } from '@/lib/server/http/handler';
import { voidEvent } from '@/lib/server/sportsbook/room';
import { sportsbookRoutes } from '@/lib/server/sportsbook/routes';

export const POST = handler(sportsbookRoutes.voidEvent, ({ actor, params, body }) =>
  voidEvent(actor, params.id, body.reason),
);
