import { handler } from '@/lib/server/http/handler';
import { endPlayerSessions } from '@/lib/server/operator/player-actions';
import { playerOfficeRoutes } from '@/lib/server/operator/player-routes';

export const POST = handler(playerOfficeRoutes.endSessions, ({ actor, params, body }) =>
  endPlayerSessions(actor, params.id, body.reason),
);
