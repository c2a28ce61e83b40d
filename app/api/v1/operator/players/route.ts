import { handler } from '@/lib/server/http/handler';
import { playerOfficeRoutes } from '@/lib/server/operator/player-routes';
import { searchPlayers } from '@/lib/server/operator/player-search';

export const GET = handler(playerOfficeRoutes.search, ({ actor, query }) =>
  searchPlayers(actor, query),
);
