import { handler } from '@/lib/server/http/handler';
import { setBlocked } from '@/lib/server/operator/player-actions';
import { playerOfficeRoutes } from '@/lib/server/operator/player-routes';

export const POST = handler(playerOfficeRoutes.unblock, ({ actor, params, body }) =>
  setBlocked(actor, params.id, false, body.reason),
);
