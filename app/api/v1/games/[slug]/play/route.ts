import { slugParamsSchema } from '@/lib/schemas/games';
import { gameBySlug, recordPlay } from '@/lib/server/games/catalog';
import { handler } from '@/lib/server/http/handler';

/**
 * Opening a game: recorded as recently played for a signed-in player. Without a game aggregator
 * configured the game runs in the demo frame, and the answer says so.
 */
export const POST = handler(
  { auth: 'optional', params: slugParamsSchema },
  async ({ user, params }) => {
    const { game } = await gameBySlug(params.slug);
    if (user) await recordPlay(user.id, game.id);
    return { mode: 'demo' as const, launchUrl: null, recorded: Boolean(user) };
  },
);
