import 'server-only';
import { config } from '@/lib/config';
import type { Game } from '@/lib/schemas/games';
import { ApiError } from '@/lib/server/http/api-error';
import type { Player } from '@/lib/server/players/store';
import { hub88 } from './hub88/games-api';
import type { CasinoProvider } from './provider';
import { openSession } from './sessions';

/** The aggregator the configuration names, if any. */
export function casinoProvider(): CasinoProvider | null {
  return config.GAMES_AGGREGATOR === 'hub88' ? hub88 : null;
}

export type CasinoLaunch = { mode: 'real' | 'fun' | 'signin'; launchUrl: string | null };

/**
 * A game through the aggregator: a signed-in player plays for real in their selected currency on
 * a new session token (refused with a message in a currency the aggregator does not play); a
 * guest plays for fun where the game has a fun mode, and is asked to sign in where it has none.
 */
export async function launchCasinoGame(
  provider: CasinoProvider,
  game: Game & { funMode: boolean },
  player: Player | null,
  request: { language: string; ip: string; mobile: boolean; signIn: string | null },
): Promise<CasinoLaunch> {
  const site = (path: string) => new URL(`/${request.language}${path}`, config.SITE_URL).href;
  const { signIn, ...asked } = request;
  const common = {
    game,
    ...asked,
    lobbyUrl: site('/casino'),
    depositUrl: site('/casino?modal=wallet'),
  };
  if (!player) {
    if (!game.funMode) return { mode: 'signin', launchUrl: null };
    return { mode: 'fun', launchUrl: await provider.launch({ ...common, session: null }) };
  }
  const currency = player.navbarCurrency;
  if (!provider.plays(currency)) {
    throw new ApiError('CASINO_CURRENCY_UNSUPPORTED', undefined, { currency });
  }
  const token = await openSession({
    provider: provider.id,
    userId: player.id,
    authSessionId: signIn,
    gameCode: game.gameId,
    currency,
  });
  // Signed out or switched currency while the game was opening: this launch no longer stands.
  if (!token) throw new ApiError('CONFLICT', 'session');
  const launchUrl = await provider.launch({
    ...common,
    session: { userId: player.id, token, currency },
  });
  return { mode: 'real', launchUrl };
}
