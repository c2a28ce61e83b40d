/*
 * Odds as the sportsbook keeps them: decimal odds as integers × 10⁴ (2.5 is 25000), so a price is
 * exact in the database, on the wire and in a bet's return; and the three ways a player may read
 * them (decimal, American, fractional — a display setting).
 */

export const ODDS_SCALE = 10_000;
/** Our prices move in hundredths (2.37, never 2.3741). */
export const ODDS_TICK = 100;
/** The lowest price a selection may carry: 1.01 (below it a bet returns less than a unit more). */
export const MIN_ODDS = 10_100;
/** The highest: 1,000.00. */
export const MAX_ODDS = 10_000_000;

export type OddsFormat = 'decimal' | 'american' | 'fractional';
export const oddsFormats: readonly OddsFormat[] = ['decimal', 'american', 'fractional'];

/** Decimal odds (a number, as a source sends them) to our integer, rounded down: never better. */
export function oddsInt(decimal: number): number {
  if (!Number.isFinite(decimal) || decimal <= 1)
    throw new RangeError(`not decimal odds: ${decimal}`);
  // The epsilon keeps 2.3 (2.29999…) at 23000.
  return Math.floor(decimal * ODDS_SCALE + 1e-6);
}

/** The implied probability of a price (1 / odds). */
export const impliedOf = (odds: number) => ODDS_SCALE / odds;

/** 25000 → "2.50": two decimals, more only where the price has them (1.0125 → "1.0125"). */
export function decimalText(odds: number): string {
  const whole = Math.floor(odds / ODDS_SCALE);
  const fraction = String(odds % ODDS_SCALE)
    .padStart(4, '0')
    .replace(/0{1,2}$/, '');
  return `${whole}.${fraction.length < 2 ? fraction.padEnd(2, '0') : fraction}`;
}

/**
 * American odds: a price of 2.00 or more is the win on 100 staked (+150 for 2.50); below 2.00
 * the stake that wins 100 (−200 for 1.50). Rounded to a whole number, as books print them.
 */
export function americanText(odds: number): string {
  const win = odds - ODDS_SCALE;
  if (odds >= 2 * ODDS_SCALE) return `+${Math.round((win * 100) / ODDS_SCALE)}`;
  return `−${Math.round((100 * ODDS_SCALE) / win)}`;
}

/**
 * Fractional odds: the win over the stake in lowest terms (6/4 reads 3/2), with a denominator
 * of at most 100 — the closest such fraction not above the price (never shown better than it is).
 */
export function fractionalText(odds: number): string {
  const win = odds - ODDS_SCALE;
  let best = { num: 0, den: 1 };
  for (let den = 1; den <= 100; den += 1) {
    const num = Math.floor((win * den) / ODDS_SCALE);
    if (num * best.den > best.num * den) best = { num, den };
    if (num * ODDS_SCALE === win * den) {
      best = { num, den };
      break;
    }
  }
  const g = gcd(best.num, best.den);
  return `${best.num / g}/${best.den / g}`;
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a || 1;
}

export function oddsText(odds: number, format: OddsFormat): string {
  if (format === 'american') return americanText(odds);
  if (format === 'fractional') return fractionalText(odds);
  return decimalText(odds);
}
