import 'server-only';
import type { SportKey } from '@/lib/schemas/sportsbook';
import type { MarketPricing } from './pricing';

/*
 * How the book prices and limits each sport, before and during a match: the defaults an operator
 * starts from, which risk staff's settings replace sport by sport and phase by phase (book.ts,
 * audited). Limits are in US dollars, valued at the currency's price when the bet is placed.
 */

/** The least margin any mix of our prices and the sources' may leave (the no-sure-bet rule). */
export const MIN_MARGIN = 0.02;

export type BookLimits = {
  minStakeUsd: number;
  maxStakeUsd: number;
  /** The most one bet may return. */
  maxPayoutUsd: number;
  /** The most the book may stand to lose on one outcome of one market, all bets together. */
  selectionLiabilityUsd: number;
  /** The most one player may stand to win on one event, all their bets together. */
  playerEventLiabilityUsd: number;
};

export type PhaseSettings = MarketPricing & BookLimits;

const phase = (margin: number, limits: BookLimits): PhaseSettings => ({
  margin,
  minMargin: MIN_MARGIN,
  ...limits,
});

/** A major sport before its matches: the widest limits. */
const major: BookLimits = {
  minStakeUsd: 0.1,
  maxStakeUsd: 5_000,
  maxPayoutUsd: 100_000,
  selectionLiabilityUsd: 50_000,
  playerEventLiabilityUsd: 20_000,
};
/** During a match, or a minor market: a fifth of that. */
const minor: BookLimits = {
  minStakeUsd: 0.1,
  maxStakeUsd: 1_000,
  maxPayoutUsd: 20_000,
  selectionLiabilityUsd: 10_000,
  playerEventLiabilityUsd: 4_000,
};

export const DEFAULT_BOOK: Record<SportKey, { prematch: PhaseSettings; live: PhaseSettings }> = {
  soccer: { prematch: phase(0.05, major), live: phase(0.07, minor) },
  basketball: { prematch: phase(0.045, major), live: phase(0.065, minor) },
  baseball: { prematch: phase(0.045, major), live: phase(0.065, minor) },
  americanFootball: { prematch: phase(0.045, major), live: phase(0.065, minor) },
  esportFifa: { prematch: phase(0.06, minor), live: phase(0.08, minor) },
  eFifa: { prematch: phase(0.06, minor), live: phase(0.08, minor) },
  iceHockey: { prematch: phase(0.05, major), live: phase(0.07, minor) },
  tennis: { prematch: phase(0.05, major), live: phase(0.07, minor) },
};

/** A multiple is held to the strictest limits of its legs. */
export function strictest(all: readonly BookLimits[]): BookLimits {
  const least = (pick: (l: BookLimits) => number) => Math.min(...all.map(pick));
  return {
    minStakeUsd: Math.max(...all.map((l) => l.minStakeUsd)),
    maxStakeUsd: least((l) => l.maxStakeUsd),
    maxPayoutUsd: least((l) => l.maxPayoutUsd),
    selectionLiabilityUsd: least((l) => l.selectionLiabilityUsd),
    playerEventLiabilityUsd: least((l) => l.playerEventLiabilityUsd),
  };
}

/** A settled bet returning more than this (in US dollars) is told to its player; smaller ones are not. */
export const WIN_NOTICE_USD = 500;
