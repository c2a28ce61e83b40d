import { gamesQuerySchema } from '@/lib/schemas/games';
import { listGames } from '@/lib/server/games/catalog';
import { handler } from '@/lib/server/http/handler';

/** Hot games: the search dialog's and lobbies' hot list. */
export const GET = handler({ query: gamesQuerySchema }, ({ query }) =>
  listGames({ ...query, category: 'hot-games', search: undefined }),
);
