import 'server-only';
import { config } from '@/lib/config';
import { decimalText } from '@/lib/fairness/outcome';
import { plinkoRtp } from '@/lib/fairness/plinko';
import { PLINKO_RISKS, PLINKO_TABLE_ID, PLINKO_TABLES } from '@/lib/fairness/plinko-tables';
import type { LiveBets, OriginalsConfig } from '@/lib/schemas/originals';
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
  return { edgeBps: config.ORIGINALS_EDGE_BPS, limits, plinko, tableId: PLINKO_TABLE_ID };
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
