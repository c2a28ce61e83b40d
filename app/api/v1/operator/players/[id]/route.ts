import { handler } from '@/lib/server/http/handler';
import { playerPage } from '@/lib/server/operator/player-page';
import { playerOfficeRoutes } from '@/lib/server/operator/player-routes';

export const GET = handler(playerOfficeRoutes.page, ({ actor, params }) =>
  playerPage(actor, params.id),
);
