import { MIN_ODDS, ODDS_SCALE, impliedOf } from './odds';

/*
 * Prices from a source's prices, by the power method: a book's implied probabilities qᵢ = 1/oddsᵢ
 * sum to more than 1 (its margin); the fair probabilities are pᵢ = qᵢᵏ with the k that makes them
 * sum to 1. It takes more margin from long shots than from favourites, as books price them (the
 * favourite–long-shot bias), where the plain "divide by the sum" would not. Our own margin goes on
 * the same way: implied rᵢ = pᵢ^e with the e < 1 that makes them sum to 1 + margin.
 */

/** The x in (lo, hi) where a decreasing f crosses zero, to double precision. */
function bisect(f: (x: number) => number, lo: number, hi: number): number {
  for (let i = 0; i < 200; i += 1) {
    const mid = (lo + hi) / 2;
    if (f(mid) > 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** A market's fair probabilities from one book's prices (integer odds), its margin removed. */
export function powerFair(odds: readonly number[]): number[] {
  const implied = odds.map(impliedOf);
  const total = implied.reduce((t, q) => t + q, 0);
  if (odds.length < 2 || total <= 1) throw new RangeError('a market needs two prices and a margin');
  const k = bisect((x) => implied.reduce((t, q) => t + q ** x, 0) - 1, 1, 64);
  return implied.map((q) => q ** k);
}

/**
 * Our prices for fair probabilities and a margin (0.05 for 5 %): implied pᵢ^e summing to
 * 1 + margin, each price rounded down to the odds unit (never better than computed).
 */
export function powerPrice(fair: readonly number[], margin: number): number[] {
  if (fair.length < 2 || !(margin > 0) || margin >= fair.length - 1) {
    throw new RangeError('a margin above 0 on two outcomes or more');
  }
  const e = bisect((x) => fair.reduce((t, p) => t + p ** x, 0) - (1 + margin), 1e-9, 1);
  return fair.map((p) => Math.floor(ODDS_SCALE / p ** e));
}

/**
 * The no-sure-bet rule: for every outcome i, 1/oursᵢ + Σⱼ≠ᵢ 1/bestⱼ ≥ 1 + minMargin, with bestⱼ
 * the best price any source offers on j — so no one can back every outcome across our book and
 * theirs for a profit. An outcome that fails is priced down to the highest price that holds; one
 * that cannot hold above MIN_ODDS closes the market (`null`).
 */
export function withoutSureBets(
  ours: readonly number[],
  sources: readonly (readonly number[])[],
  minMargin: number,
): number[] | null {
  const best = ours.map((_, j) => Math.max(0, ...sources.map((book) => book[j] ?? 0)));
  const priced = ours.map((odds, i) => {
    const others = best.reduce((t, b, j) => (j === i || !b ? t : t + impliedOf(b)), 0);
    const room = 1 + minMargin - others;
    if (room <= 0) return null;
    // The highest price whose implied probability fills the room, rounded down.
    const ceiling = Math.floor(ODDS_SCALE / room);
    return Math.min(odds, ceiling);
  });
  return priced.every((p): p is number => p !== null && p >= MIN_ODDS) ? priced : null;
}

/** A market's overround: Σ 1/oddsᵢ − 1 (0.05 for a 5 % book). */
export const overround = (odds: readonly number[]) =>
  odds.reduce((t, o) => t + impliedOf(o), 0) - 1;
