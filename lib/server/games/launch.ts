import 'server-only';
import { config } from '@/lib/config';
import { logger } from '@/lib/logger';
import type { Game } from '@/lib/schemas/games';
import type { Player } from '@/lib/server/players/store';
import { ApiError } from '@/lib/server/http/api-error';

export type Launch = { mode: 'demo' | 'real'; launchUrl: string | null };

/**
 * Where a game runs. With GAMES_AGGREGATOR_URL the aggregator answers a launch address for the
 * player (real money) or a guest (its fun mode): `POST <url>/launch` with the bearer key and
 * `{ gameId, mode, playerId, currency, language, returnUrl }` → `{ url }`. Without one, the demo frame.
 */
export async function launchGame(
  game: Game,
  player: Player | null,
  language: string,
): Promise<Launch> {
  if (!config.GAMES_AGGREGATOR_URL) return { mode: 'demo', launchUrl: null };
  const mode = player ? 'real' : 'demo';
  const response = await fetch(
    new URL('launch', `${config.GAMES_AGGREGATOR_URL.replace(/\/$/, '')}/`),
    {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(config.GAMES_AGGREGATOR_KEY
          ? { Authorization: `Bearer ${config.GAMES_AGGREGATOR_KEY}` }
          : {}),
      },
      body: JSON.stringify({
        gameId: game.gameId,
        mode,
        playerId: player ? String(player.memberNo) : null,
        currency: player?.navbarCurrency ?? null,
        language,
        returnUrl: new URL(`/casino/games/${game.slug}`, config.SITE_URL).toString(),
      }),
      signal: AbortSignal.timeout(10_000),
    },
  ).catch(() => null);
  const body = (await response?.json().catch(() => null)) as { url?: unknown } | null;
  if (!response?.ok || typeof body?.url !== 'string' || !/^https?:\/\//.test(body.url)) {
    logger.warn({ status: response?.status, game: game.gameId }, 'game aggregator did not launch');
    throw new ApiError('SERVICE_UNAVAILABLE');
  }
  return { mode, launchUrl: body.url };
}
