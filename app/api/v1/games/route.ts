import { listGames } from '@/lib/server/games/catalog';
import { gamesRoutes } from '@/lib/server/games/routes';
import { handler } from '@/lib/server/http/handler';

export const GET = handler(gamesRoutes.list, ({ query }) => listGames(query));
