import { playGame } from '@/lib/server/games/play';
import { gamesRoutes } from '@/lib/server/games/routes';
import { handler } from '@/lib/server/http/handler';

export const POST = handler(gamesRoutes.play, async ({ params, player, meta }) =>
  playGame(params.slug, await player(), meta.locale),
);
