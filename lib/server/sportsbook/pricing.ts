import { overround, powerFair, powerPrice, withoutSureBets } from '@/lib/sportsbook/margin';
import { ODDS_TICK } from '@/lib/sportsbook/odds';

/*
 * Our price for a market from its sources' prices: each source's margin removed by the power
 * method, their fair probabilities averaged (a consensus), our margin put back on the same way,
 * then the no-sure-bet rule against the best price any source offers on each outcome. A market
 * that cannot be priced stays closed.
 */

export type MarketPricing = {
  /** Our margin on the market (0.05 for 5 %): an operator setting per sport, pre-match and live. */
  margin: number;
  /** The least margin any combination of our price and the sources' may leave (MIN_MARGIN). */
  minMargin: number;
};

export type PricedMarket = {
  /** The consensus fair probabilities, margin-free: what a cash-out is priced from. */
  fair: number[];
  /** Our integer odds per outcome, or null when the market stays closed. */
  odds: number[] | null;
};

export function priceMarket(sources: readonly number[][], pricing: MarketPricing): PricedMarket {
  // A book without a margin of its own (a sure bet by itself) says nothing about fair prices.
  const usable = sources.filter(
    (book) => book.length > 1 && book.every((o) => o > 10_000) && overround(book) > 0,
  );
  if (!usable.length) return { fair: [], odds: null };
  const fairs = usable.map(powerFair);
  const fair = fairs[0]!.map((_, i) => fairs.reduce((t, f) => t + f[i]!, 0) / fairs.length);
  const ours = withoutSureBets(powerPrice(fair, pricing.margin), usable, pricing.minMargin);
  // Shown to two decimals as books print them, rounded down: the margin only grows.
  return { fair, odds: ours && ours.map((o) => o - (o % ODDS_TICK)) };
}
