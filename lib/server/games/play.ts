import 'server-only';
import type { Locale } from '@/lib/i18n/locales';
import type { Player } from '@/lib/server/players/store';
import { assertCanPlay } from '@/lib/server/protection/guard';
import { gameBySlug, recordPlay } from './catalog';
import { launchGame } from './launch';

/**
 * Opening a game: recorded as recently played for a signed-in player, and launched by the game
 * aggregator when one is configured (otherwise the demo frame, and the answer says so).
 */
export async function playGame(slug: string, player: Player | null, locale: Locale) {
  const { game } = await gameBySlug(slug);
  // Real play is refused during a break and once a wager or loss limit is reached.
  if (player) await assertCanPlay(player.id);
  if (player) await recordPlay(player.id, game.id);
  return { ...(await launchGame(game, player, locale)), recorded: Boolean(player) };
}
