import 'server-only';
import { config } from '@/lib/config';
import { logger } from '@/lib/logger';
import { ApiError } from '@/lib/server/http/api-error';
import type { AggregatorGame, CasinoProvider, LaunchRequest } from '../provider';
import { byLedger } from './currencies';
import { operatorPrivateKey } from './keys';
import { SIGNATURE_HEADER, signBody } from './signature';

/** Hub88's demo currency: fun mode, no user and no token. */
const FUN_CURRENCY = 'XXX';

/** A signed call to Hub88's Games API (`/operator/generic/v2/…`), its JSON answer or null. */
export async function hub88Call(
  operation: string,
  payload: Record<string, unknown>,
): Promise<unknown> {
  const body = JSON.stringify({ ...payload, operator_id: config.HUB88_OPERATOR_ID });
  const base = `${config.GAMES_AGGREGATOR_URL!.replace(/\/$/, '')}/`;
  const response = await fetch(new URL(`operator/generic/v2/${operation}`, base), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      [SIGNATURE_HEADER]: signBody(body, operatorPrivateKey()),
    },
    body,
    signal: AbortSignal.timeout(10_000),
  }).catch((err: unknown) => {
    logger.warn({ err, operation }, 'Hub88 unreachable');
    return null;
  });
  const answer: unknown = await response?.json().catch(() => null);
  if (!response?.ok) {
    logger.warn({ status: response?.status, operation, answer }, 'Hub88 refused a call');
    return null;
  }
  return answer;
}

/** A category slug and an RTP percentage as the platform keeps them; anything else is dropped. */
const CATEGORY = /^[a-z0-9][a-z0-9_-]{0,39}$/;
const RTP = /^\d{2}(\.\d{1,2})?$/;

/**
 * Hub88's game list (`game/list`): the titles the operator may offer, each enabled or not. An
 * entry without a code is left out; a category or RTP in another shape is not kept.
 */
async function gameList(): Promise<AggregatorGame[] | null> {
  const answer: unknown = await hub88Call('game/list', {});
  if (!Array.isArray(answer)) return null;
  return answer.flatMap((entry: unknown) => {
    const game = entry as Record<string, unknown> | null;
    if (typeof game?.game_code !== 'string') return [];
    const category = typeof game.category === 'string' ? game.category.toLowerCase() : '';
    const rtp =
      typeof game.rtp === 'string' || typeof game.rtp === 'number' ? String(game.rtp) : '';
    return [
      {
        code: game.game_code,
        enabled: game.enabled !== false,
        category: CATEGORY.test(category) ? category : null,
        rtp: RTP.test(rtp) ? rtp : null,
      },
    ];
  });
}

export const hub88: CasinoProvider = {
  id: 'hub88',
  plays: (currency) => Boolean(byLedger(currency)),
  async launch(request: LaunchRequest) {
    const { session } = request;
    const code = session ? byLedger(session.currency)!.code : FUN_CURRENCY;
    const answer = await hub88Call('game/url', {
      ...(session ? { user: session.userId, token: session.token } : {}),
      platform: request.mobile ? 'GPL_MOBILE' : 'GPL_DESKTOP',
      meta: {},
      lobby_url: request.lobbyUrl,
      deposit_url: request.depositUrl,
      lang: request.language,
      ip: request.ip,
      game_code: request.game.gameId,
      currency: code,
      game_currency: code,
      ...(config.HUB88_COUNTRY ? { country: config.HUB88_COUNTRY } : {}),
    });
    // Only an address of the game frame's origins (GAMES_FRAME_ORIGINS, else the aggregator's
    // own): nothing else reaches the player's browser.
    const address = (answer as { url?: unknown } | null)?.url;
    const url = typeof address === 'string' ? URL.parse(address) : null;
    const allowed = config.GAMES_FRAME_ORIGINS?.length
      ? config.GAMES_FRAME_ORIGINS
      : [new URL(config.GAMES_AGGREGATOR_URL!).origin];
    if (!url || !/^https?:$/.test(url.protocol) || !allowed.includes(url.origin)) {
      logger.warn({ url: address }, 'Hub88 answered a game address the frame may not load');
      throw new ApiError('SERVICE_UNAVAILABLE');
    }
    return url.href;
  },
  games: gameList,
};
