import { handler } from '@/lib/server/http/handler';
import { setTags } from '@/lib/server/operator/player-actions';
import { playerOfficeRoutes } from '@/lib/server/operator/player-routes';

export const PUT = handler(playerOfficeRoutes.tags, ({ actor, params, body }) =>
  setTags(actor, params.id, body.tags),
);
