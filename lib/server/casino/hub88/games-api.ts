import 'server-only';
import { config } from '@/lib/config';
import { logger } from '@/lib/logger';
import { ApiError } from '@/lib/server/http/api-error';
import type { CasinoProvider, LaunchRequest } from '../provider';
import { byLedger } from './currencies';
import { operatorPrivateKey } from './keys';
import { SIGNATURE_HEADER, signBody } from './signature';

/** Hub88's demo currency: fun mode, no user and no token. */
const FUN_CURRENCY = 'XXX';

/** A signed call to Hub88's Games API (`/operator/generic/v2/…`), its JSON answer or null. */
export async function hub88Call(operation: string, payload: Record<string, unknown>) {
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
  const answer = (await response?.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response?.ok) {
    logger.warn({ status: response?.status, operation, answer }, 'Hub88 refused a call');
    return null;
  }
  return answer;
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
    const url = typeof answer?.url === 'string' ? URL.parse(answer.url) : null;
    const allowed = config.GAMES_FRAME_ORIGINS?.length
      ? config.GAMES_FRAME_ORIGINS
      : [new URL(config.GAMES_AGGREGATOR_URL!).origin];
    if (!url || !/^https?:$/.test(url.protocol) || !allowed.includes(url.origin)) {
      logger.warn({ url: answer?.url }, 'Hub88 answered a game address the frame may not load');
      throw new ApiError('SERVICE_UNAVAILABLE');
    }
    return url.href;
  },
};
