import 'server-only';
import { config } from '@/lib/config';
import { advertisedRtp, decimalText } from '@/lib/fairness/outcome';
import type { Rational } from '@/lib/fairness/rational';
import { plinkoRtp } from '@/lib/fairness/plinko';
import { PLINKO_RISKS, PLINKO_TABLE_ID, PLINKO_TABLES } from '@/lib/fairness/plinko-tables';
import { originalGames, type LiveBets, type OriginalsConfig } from '@/lib/schemas/originals';
import { formatMinor, ledgerPrecision } from '@/lib/server/wallet/amounts';
import { currentRates } from '@/lib/server/wallet/rates';
import { betLimits } from './limits';
import { liveBets } from './views';

/** What the game pages need before a bet: the edge, each currency's limits, Plinko's tables. */
export async function originalsConfig(): Promise<OriginalsConfig> {
  const rates = await currentRates();
  const limits = [...(await ledgerPrecision())].flatMap(([currency, decimals]) => {
    const found = betLimits(currency, decimals, rates);
    return found
      ? [
          {
            currency,
            minBet: formatMinor(found.minBet, decimals),
            maxWin: formatMinor(found.maxWin, decimals),
          },
        ]
      : [];
  });
  const plinko = Object.keys(PLINKO_TABLES).flatMap((rows) =>
    PLINKO_RISKS.map((risk) => {
      const rtp = plinkoRtp(Number(rows), risk);
      return {
        rows: Number(rows),
        risk,
        multipliers: [...PLINKO_TABLES[Number(rows)]![risk]],
        rtp: decimalText({ num: rtp.num * BigInt(100), den: rtp.den }, 4),
      };
    }),
  );
  const edgeBps = config.ORIGINALS_EDGE_BPS;
  const games = originalGames.map((game) => ({
    game,
    rtpValue: percentText(advertisedRtp(game, edgeBps)),
  }));
  return { edgeBps, games, limits, plinko, tableId: PLINKO_TABLE_ID };
}

/** Two places like the catalog's figures, cut rather than rounded so a figure is never higher. */
function percentText(r: Rational): string {
  const [whole, fraction = ''] = decimalText({ num: r.num * BigInt(100), den: r.den }, 2).split(
    '.',
  );
  return `${whole}.${fraction.padEnd(2, '0')}%`;
}

/** The feed changes with every bet; every guest asking within this window gets one answer. */
const LIVE_TTL_MS = 2000;
let live: { at: number; value: Promise<LiveBets> } | undefined;

export function cachedLiveBets(now = Date.now()): Promise<LiveBets> {
  if (live && now - live.at < LIVE_TTL_MS) return live.value;
  const value = liveBets();
  live = { at: now, value };
  value.catch(() => {
    if (live?.value === value) live = undefined;
  });
  return value;
}

/** Tests read the feed fresh. */
export function forgetLiveBets(): void {
  live = undefined;
}
