import { slugParamsSchema } from '@/lib/schemas/games';
import { gameBySlug } from '@/lib/server/games/catalog';
import { handler } from '@/lib/server/http/handler';

/** One game and similar games, for the game page. */
export const GET = handler({ params: slugParamsSchema }, ({ params }) => gameBySlug(params.slug));
