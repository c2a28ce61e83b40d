import { casinoGamesQuerySchema } from '@/lib/schemas/games';
import { listGames } from '@/lib/server/games/catalog';
import { handler } from '@/lib/server/http/handler';

/** Casino games (spec §7): category, endpoint (casino or slots), search. */
export const GET = handler({ query: casinoGamesQuerySchema }, ({ query }) =>
  listGames({
    section: query.endpoint,
    category: query.category,
    search: query.search,
    limit: query.limit,
    page: query.page,
    filter: 'popular',
  }),
);
