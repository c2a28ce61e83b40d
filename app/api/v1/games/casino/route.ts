import { listGames } from '@/lib/server/games/catalog';
import { gamesRoutes } from '@/lib/server/games/routes';
import { handler } from '@/lib/server/http/handler';

export const GET = handler(gamesRoutes.casino, ({ query }) =>
  listGames({
    section: query.endpoint,
    category: query.category,
    search: query.search,
    limit: query.limit,
    page: query.page,
    filter: 'popular',
  }),
);
