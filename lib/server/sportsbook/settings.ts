import 'server-only';
import type { DemoSport } from './demo-feed';
import type { MarketPricing } from './pricing';

/*
 * How the book prices each sport, before and during a match. These are the defaults an operator
 * starts from; the settlement room's settings (audited) replace them in a later step of issue 42.
 */

/** The least margin any mix of our prices and the sources' may leave (the no-sure-bet rule). */
export const MIN_MARGIN = 0.02;

const prematch = (margin: number): MarketPricing => ({ margin, minMargin: MIN_MARGIN });

export const DEFAULT_PRICING: Record<DemoSport, { prematch: MarketPricing; live: MarketPricing }> =
  {
    soccer: { prematch: prematch(0.05), live: prematch(0.07) },
    basketball: { prematch: prematch(0.045), live: prematch(0.065) },
    baseball: { prematch: prematch(0.045), live: prematch(0.065) },
    americanFootball: { prematch: prematch(0.045), live: prematch(0.065) },
    esportFifa: { prematch: prematch(0.06), live: prematch(0.08) },
    eFifa: { prematch: prematch(0.06), live: prematch(0.08) },
    iceHockey: { prematch: prematch(0.05), live: prematch(0.07) },
    tennis: { prematch: prematch(0.05), live: prematch(0.07) },
  };
