import 'server-only';
import { eq } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/locales';
import type { Game } from '@/lib/schemas/games';
import { casinoProvider, launchCasinoGame } from '@/lib/server/casino/launch';
import { getDb } from '@/lib/server/db';
import { games } from '@/lib/server/db/schema';
import type { Player } from '@/lib/server/players/store';
import { assertCanPlay } from '@/lib/server/protection/guard';
import { gameBySlug, recordPlay } from './catalog';
import { launchGame } from './launch';

/** Who opens the game, from where: what an aggregator's launch call carries. */
export type PlayRequest = { locale: Locale; ip: string; mobile: boolean; signIn: string | null };

async function aggregatorView(id: string) {
  const db = await getDb();
  const [row] = await db
    .select({ funMode: games.funMode, state: games.aggregatorState })
    .from(games)
    .where(eq(games.id, id));
  return { funMode: row?.funMode ?? false, state: row?.state ?? null };
}

type Launched = {
  mode: 'real' | 'fun' | 'signin' | 'demo' | 'unlisted';
  launchUrl: string | null;
};

async function launchOf(
  game: Game,
  player: Player | null,
  request: PlayRequest,
): Promise<Launched> {
  const provider = casinoProvider();
  if (!provider) return launchGame(game, player, request.locale);
  const { funMode, state } = await aggregatorView(game.id);
  // A title the aggregator lists but does not play is not its to launch: a demo frame says so.
  if (state === 'disabled') return { mode: 'unlisted', launchUrl: null };
  return launchCasinoGame(provider, { ...game, funMode }, player, {
    language: request.locale,
    ip: request.ip,
    mobile: request.mobile,
    signIn: request.signIn,
  });
}

/**
 * Opening a game: recorded as recently played for a signed-in player, and launched through the
 * configured aggregator's seamless wallet (GAMES_AGGREGATOR), the generic launch call, or — with
 * neither — the demo frame, and the answer says which.
 */
export async function playGame(slug: string, player: Player | null, request: PlayRequest) {
  const { game } = await gameBySlug(slug);
  // Real play is refused during a break and once a wager or loss limit is reached.
  if (player) await assertCanPlay(player.id);
  const launched = await launchOf(game, player, request);
  if (player) await recordPlay(player.id, game.id);
  return { ...launched, recorded: Boolean(player) };
}
