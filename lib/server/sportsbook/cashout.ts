import 'server-only';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import { config } from '@/lib/config';
import type { OddsRule, SportsBet } from '@/lib/schemas/sportsbook';
import { cashOutOffer } from '@/lib/sportsbook/settle';
import { getDb } from '@/lib/server/db';
import { sportsBetLegs, sportsBets } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { tellPlayer } from '@/lib/server/notifications/events';
import { cachedPrecision, formatMinor, parseMinor } from '@/lib/server/wallet/amounts';
import { postMany, type Tx } from '@/lib/server/wallet/ledger';
import { settleRound } from '@/lib/server/wallet/rounds';
import { sportsHref } from '@/lib/site/paths';
import { marketsOf } from './markets';
import { takesBets, type MarketRow } from './quote';
import { closingLines, closingPostings } from './closing';
import { releaseLiabilities } from './settlement';
import { betById } from './views';

/*
 * Cash-out: an open single bought back at floor(stake × placed odds × p × (1 − CASHOUT_MARGIN)),
 * p the selection's margin-free probability now (the consensus the market was priced from).
 * Offered only while the market takes bets (open, and fresh when live); taken after the live
 * delay at the price then, under the player's rule; the bet moves open → cashed_out by one
 * conditional UPDATE in the posting that pays it, so a cash-out and a settlement pay once.
 */

const marginBps = () => Math.round(config.CASHOUT_MARGIN * 10_000);

type Held = { stake: bigint; odds: number; outcome: string };

/** The offer now, in ledger units, or null when none is made (closed, stale, worthless). */
export function offerOf(bet: Held, market: MarketRow & { fair: number[] }, now = new Date()) {
  if (!takesBets(market, now)) return null;
  const p = market.fair[market.outcomes.indexOf(bet.outcome)];
  if (p === undefined) return null;
  const offer = cashOutOffer(bet.stake, bet.odds, p, marginBps());
  return offer > BigInt(0) ? offer : null;
}

async function marketOf(db: Awaited<ReturnType<typeof getDb>> | Tx, id: string, lock = false) {
  const [market] = await marketsOf(db, [id], lock);
  return market ?? null;
}

/** The cash-out offers of open singles, by bet id (for My bets). */
export async function cashOutOffers(
  bets: Array<{ id: string; state: string; legs: unknown[] }>,
): Promise<Map<string, bigint>> {
  const singles = bets.filter((b) => b.state === 'open' && b.legs.length === 1).map((b) => b.id);
  const out = new Map<string, bigint>();
  if (!singles.length) return out;
  const db = await getDb();
  const { rows } = (await db.execute(sql`
    SELECT b.id, b.stake::text AS stake, l.odds, l.outcome, m.id AS market_id, m.outcomes, m.odds
      AS market_odds, m.fair, m.state, m.priced_at, e.state AS event_state, e.starts_at,
      (m.held OR e.held) AS held
    FROM sports_bets b
    JOIN sports_bet_legs l ON l.bet_id = b.id
    JOIN sports_markets m ON m.id = l.market_id
    JOIN sports_events e ON e.id = m.event_id
    WHERE b.id IN (${sql.join(
      singles.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`)) as {
    rows: Array<{
      id: string;
      stake: string;
      odds: number;
      outcome: string;
      market_id: string;
      outcomes: string[];
      market_odds: number[] | null;
      fair: number[];
      state: string;
      priced_at: string;
      event_state: string;
      starts_at: string;
      held: boolean;
    }>;
  };
  for (const r of rows) {
    const offer = offerOf(
      { stake: BigInt(r.stake), odds: Number(r.odds), outcome: r.outcome },
      {
        id: r.market_id,
        eventId: 0,
        outcomes: r.outcomes,
        odds: r.market_odds,
        state: r.state,
        sport: '',
        eventState: r.event_state,
        startsAt: new Date(r.starts_at),
        pricedAt: new Date(r.priced_at),
        held: r.held,
        fair: r.fair.map(Number),
      },
    );
    if (offer !== null) out.set(r.id, offer);
  }
  return out;
}

/** Whether the offer now may replace the one the player accepted, under their rule. */
function acceptable(rule: OddsRule, seen: bigint, now: bigint): boolean {
  if (rule === 'any') return true;
  if (rule === 'higher') return now >= seen;
  return now === seen;
}

/**
 * Cashes out an open single for the player at the offer now, if their rule accepts it against the
 * offer they saw (`amount`). A bet on a live match waits the live delay first, holding nothing.
 */
export async function cashOut(
  userId: string,
  betId: string,
  amount: string,
  rule: OddsRule,
): Promise<SportsBet> {
  const db = await getDb();
  const [bet] = await db
    .select()
    .from(sportsBets)
    .where(and(eq(sportsBets.id, betId), eq(sportsBets.userId, userId)));
  if (!bet) throw new ApiError('NOT_FOUND');
  if (bet.state !== 'open') throw new ApiError('SPORTS_BET_CLOSED');
  const legs = await db.select().from(sportsBetLegs).where(eq(sportsBetLegs.betId, betId));
  if (legs.length !== 1) throw new ApiError('SPORTS_CASHOUT_UNAVAILABLE');
  const leg = legs[0]!;
  const decimals = (await cachedPrecision()).get(bet.currency);
  if (decimals === undefined) throw new Error(`no precision for ${bet.currency}`);
  const seen = parseMinor(amount, decimals);
  const held = { stake: bet.stake, odds: leg.odds, outcome: leg.outcome };

  const before = await marketOf(db, leg.marketId);
  const first = before && offerOf(held, before);
  if (first === null || first === undefined) throw new ApiError('SPORTS_CASHOUT_UNAVAILABLE');
  if (!acceptable(rule, seen, first)) throw new ApiError('SPORTS_CASHOUT_CHANGED');
  if (before!.eventState === 'live' && config.LIVE_BET_DELAY_MS > 0) {
    await sleep(config.LIVE_BET_DELAY_MS);
  }

  const { currency } = bet;
  let paid = BigInt(0);
  await postMany(closingPostings(bet, `cashout:${betId}`, { betId, cashOut: true }), {
    linesUnderLock: async (tx) => {
      // The price that counts is the one under the lock, checked against the player's rule.
      const market = await marketOf(tx, leg.marketId, true);
      const offer = market && offerOf(held, market);
      if (offer === null || offer === undefined) {
        throw new ApiError('SPORTS_CASHOUT_UNAVAILABLE');
      }
      if (!acceptable(rule, seen, offer)) throw new ApiError('SPORTS_CASHOUT_CHANGED');
      const moved = await tx
        .update(sportsBets)
        .set({ state: 'cashed_out', payout: offer, version: 1, settledAt: sql`now()` })
        .where(and(eq(sportsBets.id, betId), eq(sportsBets.state, 'open')))
        .returning({ id: sportsBets.id });
      if (!moved.length) throw new ApiError('SPORTS_BET_CLOSED');
      await releaseLiabilities(
        tx,
        [`p:${userId}:${leg.eventId}`, `s:${leg.marketId}:${leg.outcome}`].sort(),
        bet.liability,
      );
      await settleRound(tx, {
        product: 'sportsbook',
        game: market!.sport,
        roundId: betId,
        userId,
        currency,
        stake: { real: bet.stakeReal.toString(), bonus: bet.stakeBonus.toString() },
        payout: { real: offer.toString(), bonus: '0' },
        status: 'cashed_out',
        edgeBps: marginBps(),
        shape: { odds: bet.odds, cashOut: offer.toString() },
      });
      paid = offer;
      return closingLines(bet, offer);
    },
  });
  if (paid > BigInt(0)) {
    await tellPlayer(
      userId,
      'sportsCashOut',
      { amount: formatMinor(paid, decimals), currency },
      sportsHref('/bets'),
    );
  }
  return (await betById(userId, betId))!;
}
