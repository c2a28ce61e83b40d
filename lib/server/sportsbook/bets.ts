import 'server-only';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import { config } from '@/lib/config';
import type { SportsBet, SportsBetRequest } from '@/lib/schemas/sportsbook';
import { getDb } from '@/lib/server/db';
import { sportsBetLegs, sportsBets, sportsEvents, sportsMarkets } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { cachedPrecision, parseMinor } from '@/lib/server/wallet/amounts';
import { postMany, type Tx } from '@/lib/server/wallet/ledger';
import { currentRates } from '@/lib/server/wallet/rates';
import { openRound } from '@/lib/server/wallet/rounds';
import { loadBook } from './book';
import {
  assertWithinLimits,
  liabilityRows,
  quote,
  type MarketRow,
  type Quote,
  type UnitPrice,
} from './quote';
import { betByKey } from './views';

type Db = Awaited<ReturnType<typeof getDb>>;

const marketColumns = {
  id: sportsMarkets.id,
  eventId: sportsMarkets.eventId,
  outcomes: sportsMarkets.outcomes,
  odds: sportsMarkets.odds,
  state: sportsMarkets.state,
  sport: sportsEvents.sport,
  eventState: sportsEvents.state,
  startsAt: sportsEvents.startsAt,
  pricedAt: sportsMarkets.pricedAt,
  held: sql<boolean>`(${sportsMarkets.held} OR ${sportsEvents.held})`,
};

/** The selections' markets with their events; inside a posting, locked against a reprice. */
export async function marketsOf(db: Db | Tx, ids: string[], lock: boolean): Promise<MarketRow[]> {
  const query = db
    .select(marketColumns)
    .from(sportsMarkets)
    .innerJoin(sportsEvents, eq(sportsEvents.id, sportsMarkets.eventId))
    .where(inArray(sportsMarkets.id, ids))
    .orderBy(sportsMarkets.id);
  return lock ? query.for('share', { of: sportsMarkets }) : query;
}

/** What a retry must ask again: the posting's meta (the stake, the rule and the prices seen). */
const asked = (body: SportsBetRequest, stake: bigint) => ({
  currency: body.currency,
  stake: stake.toString(),
  oddsRule: body.oddsRule,
  selections: body.selections.map((s) => [s.marketId, s.outcome, s.odds]),
});

async function priceOf(currency: string): Promise<UnitPrice> {
  const decimals = (await cachedPrecision()).get(currency);
  if (decimals === undefined) throw new ApiError('VALIDATION_ERROR', 'currency');
  const usd = (await currentRates()).rates[currency]?.USD;
  // No bet is taken in money the book cannot value.
  if (!usd || !Number.isFinite(usd) || usd <= 0) {
    throw new ApiError('VALIDATION_ERROR', 'currency');
  }
  return { usdPerUnit: usd / 10 ** decimals, decimals, currency };
}

/**
 * Adds the bet to its liability rows by one conditional upsert: each row locked, in key order,
 * and moved only while it stays within its cap. A row left out means a limit was reached, and
 * the caller's transaction (the posting) is undone.
 */
async function addLiabilities(tx: Tx, rows: ReturnType<typeof liabilityRows>): Promise<void> {
  const values = JSON.stringify(
    rows.map((r) => ({ key: r.key, amount: r.amount.toString(), cap: r.cap.toString() })),
  );
  const { rows: taken } = (await tx.execute(sql`
    INSERT INTO sports_liabilities (key, amount, cap)
    SELECT r.key, r.amount, r.cap
    FROM jsonb_to_recordset(${values}::jsonb) AS r(key text, amount bigint, cap bigint)
    WHERE r.amount <= r.cap
    ORDER BY r.key
    ON CONFLICT (key) DO UPDATE
      SET amount = sports_liabilities.amount + excluded.amount, cap = excluded.cap,
          updated_at = now()
      WHERE sports_liabilities.amount + excluded.amount <= excluded.cap
    RETURNING key`)) as { rows: unknown[] };
  if (taken.length !== rows.length) throw new ApiError('SPORTS_LIABILITY_LIMIT');
}

/** The bet's row, its legs and its open round in the game record. */
async function recordBet(
  tx: Tx,
  q: Quote,
  body: SportsBetRequest,
  userId: string,
  stake: bigint,
  liability: bigint,
) {
  const id = randomUUID();
  await tx.insert(sportsBets).values({
    id,
    userId,
    idempotencyKey: body.idempotencyKey,
    currency: body.currency,
    stake,
    stakeReal: stake,
    stakeBonus: BigInt(0),
    odds: q.odds,
    potentialReturn: q.potentialReturn,
    liability,
    oddsRule: body.oddsRule,
    live: q.live,
  });
  await tx.insert(sportsBetLegs).values(
    q.legs.map((l, leg) => ({
      betId: id,
      leg,
      eventId: l.eventId,
      marketId: l.marketId,
      outcome: l.outcome,
      odds: l.taken,
    })),
  );
  await openRound(tx, {
    product: 'sportsbook',
    game: q.legs.length === 1 ? q.legs[0]!.sport : 'multiple',
    roundId: id,
    userId,
    currency: body.currency,
    stake,
    fairness: {
      legs: q.legs.map((l) => ({ marketId: l.marketId, outcome: l.outcome, odds: l.taken })),
    },
  });
}

/**
 * Places a single or a multiple. Checked before anything is locked: the key (a retry answers its
 * bet), the markets open, the prices under the player's rule, the limits. A bet on a match under
 * way then waits LIVE_BET_DELAY_MS holding nothing. The posting moves the stake from `available`
 * to the player's `stake` balance; under its locks the markets are read again (locked against a
 * reprice) and decide the price taken — always ours — and the liability rows are moved, then the
 * bet, its legs and its open round are written. Protection and the balance check follow in the
 * posting; anything refused undoes it all.
 */
export async function placeSportsBet(userId: string, body: SportsBetRequest): Promise<SportsBet> {
  const price = await priceOf(body.currency);
  const stake = parseMinor(body.amount, price.decimals);
  const me = { userId, currency: body.currency };
  const held = { userId, currency: body.currency, kind: 'stake' as const };
  const posting = {
    type: 'bet' as const,
    scope: `sportsbook:${userId}`,
    key: `place:${body.idempotencyKey}`,
    userId,
    lines: [
      { account: me, amount: -stake },
      { account: held, amount: stake },
    ],
    meta: asked(body, stake),
  };
  const ids = body.selections.map((s) => s.marketId);
  const db = await getDb();
  const book = await loadBook();
  // A retry is answered whatever the prices do now: the posting replays it, or refuses a key
  // reused for another bet.
  if (!(await betByKey(userId, body.idempotencyKey))) {
    const first = quote(
      body.selections,
      await marketsOf(db, ids, false),
      body.oddsRule,
      stake,
      book,
    );
    assertWithinLimits(first, stake, price);
    if (first.live && config.LIVE_BET_DELAY_MS > 0) await sleep(config.LIVE_BET_DELAY_MS);
  }
  await postMany([posting], {
    linesUnderLock: async (tx) => {
      const q = quote(body.selections, await marketsOf(tx, ids, true), body.oddsRule, stake, book);
      assertWithinLimits(q, stake, price);
      const rows = liabilityRows(q, userId, stake, price);
      await addLiabilities(tx, rows);
      await recordBet(tx, q, body, userId, stake, rows[0]!.amount);
      return [posting.lines];
    },
  });
  const bet = await betByKey(userId, body.idempotencyKey);
  if (!bet) throw new Error(`sports bet ${body.idempotencyKey} of ${userId} was not recorded`);
  return bet;
}
