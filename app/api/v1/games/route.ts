import { gamesQuerySchema } from '@/lib/schemas/games';
import { listGames } from '@/lib/server/games/catalog';
import { handler } from '@/lib/server/http/handler';

/** Games list (spec §7): limit, page, search, filter, category, provider, platform. */
export const GET = handler({ query: gamesQuerySchema }, ({ query }) => listGames(query));
