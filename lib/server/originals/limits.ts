import 'server-only';
import { config } from '@/lib/config';
import type { Rates } from '@/lib/schemas/rates';

/** No bet below 10⁴ ledger units: a payout's rounding down to the unit then costs under 0.01 %. */
const SMALLEST_UNITS = BigInt(10_000);

export type BetLimits = { minBet: bigint; maxWin: bigint };

/**
 * A currency's limits at today's price: the smallest non-zero stake (`MIN_BET_USD`, and never
 * below 10⁴ units) and the most one bet may pay (`MAX_WIN_USD`). Doubles are fine here: they set
 * a bound, they never decide what money moves. Null for a currency with no price: no bet is taken
 * in money the house cannot value.
 */
export function betLimits(currency: string, decimals: number, rates: Rates): BetLimits | null {
  const usd = rates.rates[currency]?.USD;
  if (!usd || !Number.isFinite(usd) || usd <= 0) return null;
  const perUsd = 10 ** decimals / usd;
  const floor = BigInt(Math.ceil(config.MIN_BET_USD * perUsd));
  return {
    minBet: floor > SMALLEST_UNITS ? floor : SMALLEST_UNITS,
    maxWin: BigInt(Math.floor(config.MAX_WIN_USD * perUsd)),
  };
}
