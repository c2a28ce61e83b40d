import { handler } from '@/lib/server/http/handler';
import { tightenLimit } from '@/lib/server/operator/player-actions';
import { playerOfficeRoutes } from '@/lib/server/operator/player-routes';

export const POST = handler(playerOfficeRoutes.tightenLimit, ({ actor, params, body }) =>
  tightenLimit(actor, params.id, body),
);
