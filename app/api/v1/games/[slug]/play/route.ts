import { slugParamsSchema } from '@/lib/schemas/games';
import { gameBySlug, recordPlay } from '@/lib/server/games/catalog';
import { launchGame } from '@/lib/server/games/launch';
import { handler } from '@/lib/server/http/handler';
import { playerOf } from '@/lib/server/players/account';

/**
 * Opening a game: recorded as recently played for a signed-in player, and launched by the game
 * aggregator when one is configured (otherwise the demo frame, and the answer says so).
 */
export const POST = handler(
  { auth: 'optional', params: slugParamsSchema },
  async ({ user, params, locale }) => {
    const { game } = await gameBySlug(params.slug);
    const player = user ? await playerOf(user) : null;
    if (player) await recordPlay(player.id, game.id);
    return { ...(await launchGame(game, player, locale)), recorded: Boolean(player) };
  },
);
