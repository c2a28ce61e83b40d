import 'server-only';
import { config } from '@/lib/config';
import { ODDS_SCALE } from '@/lib/sportsbook/odds';
import type { OddsRule, Selection, SportKey } from '@/lib/schemas/sportsbook';
import { ApiError } from '@/lib/server/http/api-error';
import { formatMinor } from '@/lib/server/wallet/amounts';
import { byCodePoint } from '@/lib/server/wallet/ledger-accounts';
import type { Book } from './book';
import { strictest, type BookLimits } from './settings';

/*
 * What a slip's bet would be at the book's prices now: each leg's market open and its price
 * acceptable under the player's rule, the multiple's odds and potential return, and the limits.
 * Pure: run once before the posting (to refuse early, and to know whether the live delay applies)
 * and again on the market rows locked inside it, which decide.
 */

/** A market as a bet reads it, with its event. */
export type MarketRow = {
  id: string;
  eventId: number;
  outcomes: string[];
  odds: number[] | null;
  state: string;
  sport: string;
  eventState: string;
  startsAt: Date;
  /** When the feed last priced it: a live market older than LIVE_STALE_MS is stale. */
  pricedAt: Date;
  /** Suspended by risk staff (the market or its event). */
  held: boolean;
};

export type Leg = Selection & { eventId: number; sport: SportKey; taken: number };

export type Quote = {
  legs: Leg[];
  /** The legs' odds multiplied, × 10⁴, rounded down. */
  odds: number;
  potentialReturn: bigint;
  live: boolean;
  limits: BookLimits;
};

/** The highest combined price a multiple may carry: 100,000.00. */
const MAX_COMBINED_ODDS = BigInt(100_000 * ODDS_SCALE);
const SCALE = BigInt(ODDS_SCALE);

/** Whether a price the player saw may be replaced by ours under their rule. */
export function acceptable(rule: OddsRule, asked: number, ours: number): boolean {
  if (rule === 'any') return true;
  if (rule === 'higher') return ours >= asked;
  return ours === asked;
}

/**
 * A market takes bets while open, priced and not suspended by staff, before its match starts, or
 * while it is live with prices fresher than LIVE_STALE_MS.
 */
export function takesBets(m: MarketRow, now: Date, staleMs = config.LIVE_STALE_MS): boolean {
  if (m.state !== 'open' || !m.odds || m.held) return false;
  if (m.eventState === 'live') return now.getTime() - m.pricedAt.getTime() <= staleMs;
  return m.eventState === 'scheduled' && m.startsAt > now;
}

export function quote(
  selections: readonly Selection[],
  rows: readonly MarketRow[],
  rule: OddsRule,
  stake: bigint,
  book: Book,
  now = new Date(),
): Quote {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const legs = selections.map((s): Leg => {
    const m = byId.get(s.marketId);
    if (!m) throw new ApiError('NOT_FOUND', 'market');
    const i = m.outcomes.indexOf(s.outcome);
    if (i < 0) throw new ApiError('VALIDATION_ERROR', 'outcome');
    if (!takesBets(m, now)) throw new ApiError('SPORTS_MARKET_CLOSED');
    const taken = m.odds![i]!;
    if (!acceptable(rule, s.odds, taken)) throw new ApiError('SPORTS_ODDS_CHANGED');
    return { ...s, eventId: m.eventId, sport: m.sport as SportKey, taken };
  });
  if (new Set(legs.map((l) => l.eventId)).size !== legs.length) {
    throw new ApiError('SPORTS_SAME_EVENT');
  }
  const product = legs.reduce((p, l) => p * BigInt(l.taken), BigInt(1));
  const unit = SCALE ** BigInt(legs.length - 1);
  const combined = product / unit;
  if (combined > MAX_COMBINED_ODDS) throw new ApiError('VALIDATION_ERROR', 'selections');
  const live = rows.some((r) => r.eventState === 'live');
  return {
    legs,
    odds: Number(combined),
    potentialReturn: (stake * product) / (unit * SCALE),
    live,
    limits: strictest(legs.map((l) => book[l.sport][live ? 'live' : 'prematch'])),
  };
}

/** A currency's price in US dollars per ledger unit, or null when it has none. */
export type UnitPrice = { usdPerUnit: number; decimals: number; currency: string };

/** Micro-dollars an amount is worth, rounded up (liabilities are counted on the safe side). */
export const microUsd = (amount: bigint, price: UnitPrice) =>
  BigInt(Math.ceil(Number(amount) * price.usdPerUnit * 1e6));

/** Dollars in ledger units; twelve significant digits first, so 0.1 is 100000 units, not 100001. */
const unitsOf = (usd: number, price: UnitPrice, round: (x: number) => number) =>
  BigInt(round(Number((usd / price.usdPerUnit).toPrecision(12))));

/** The stake and return limits, refused with the amounts in the bet's currency. */
export function assertWithinLimits(q: Quote, stake: bigint, price: UnitPrice): void {
  const { limits } = q;
  const text = (units: bigint) => formatMinor(units, price.decimals);
  const min = unitsOf(limits.minStakeUsd, price, Math.ceil);
  if (stake < min) {
    throw new ApiError('SPORTS_STAKE_BELOW_MINIMUM', undefined, {
      min: text(min),
      currency: price.currency,
    });
  }
  const max = unitsOf(limits.maxStakeUsd, price, Math.floor);
  if (stake > max) {
    throw new ApiError('SPORTS_STAKE_ABOVE_MAXIMUM', undefined, {
      max: text(max),
      currency: price.currency,
    });
  }
  const payout = unitsOf(limits.maxPayoutUsd, price, Math.floor);
  if (q.potentialReturn > payout) {
    throw new ApiError('SPORTS_MAX_PAYOUT', undefined, {
      max: text(payout),
      currency: price.currency,
    });
  }
}

/** The liability rows a bet adds to: each selection, and the player on each of its events. */
export function liabilityRows(q: Quote, userId: string, stake: bigint, price: UnitPrice) {
  const amount = microUsd(q.potentialReturn - stake, price);
  const cap = (usd: number) => BigInt(Math.floor(usd * 1e6));
  return [
    ...q.legs.map((l) => ({
      key: `s:${l.marketId}:${l.outcome}`,
      amount,
      cap: cap(q.limits.selectionLiabilityUsd),
    })),
    ...q.legs.map((l) => ({
      key: `p:${userId}:${l.eventId}`,
      amount,
      cap: cap(q.limits.playerEventLiabilityUsd),
    })),
  ].sort((a, b) => byCodePoint(a.key, b.key));
}
