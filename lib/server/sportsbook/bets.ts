import 'server-only';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import { config } from '@/lib/config';
import type { SportsBet, SportsBetRequest } from '@/lib/schemas/sportsbook';
import { getDb } from '@/lib/server/db';
import { sportsBetLegs, sportsBets } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { cachedPrecision, parseMinor } from '@/lib/server/wallet/amounts';
import { postMany, type Tx } from '@/lib/server/wallet/ledger';
import { currentRates } from '@/lib/server/wallet/rates';
import { openRoundInsert } from '@/lib/server/wallet/rounds';
import { loadBook } from './book';
import { offerOf } from './cashout';
import { marketsOf, type BookMarket } from './markets';
import { assertWithinLimits, liabilityRows, quote, type Quote, type UnitPrice } from './quote';
import { betByKey, betView, type LegRow } from './views';

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
 * The bet written in one statement under the posting's locks: its liability rows (each locked, in
 * key order, and moved only while it stays within its cap), its row, its legs and its open round
 * in the game record. A liability row left out means a limit was reached: the caller's
 * transaction (the posting) is undone, the bet with it.
 */
async function recordBet(
  tx: Tx,
  q: Quote,
  body: SportsBetRequest,
  userId: string,
  stake: bigint,
  liabilities: ReturnType<typeof liabilityRows>,
): Promise<{ id: string; createdAt: Date }> {
  const id = randomUUID();
  const values = JSON.stringify(
    liabilities.map((r) => ({ key: r.key, amount: r.amount.toString(), cap: r.cap.toString() })),
  );
  const bet = tx
    .insert(sportsBets)
    .values({
      id,
      userId,
      idempotencyKey: body.idempotencyKey,
      currency: body.currency,
      stake,
      stakeReal: stake,
      stakeBonus: BigInt(0),
      odds: q.odds,
      potentialReturn: q.potentialReturn,
      liability: liabilities[0]!.amount,
      oddsRule: body.oddsRule,
      live: q.live,
    })
    .returning({ createdAt: sportsBets.createdAt })
    .getSQL();
  const legs = tx
    .insert(sportsBetLegs)
    .values(
      q.legs.map((l, leg) => ({
        betId: id,
        leg,
        eventId: l.eventId,
        marketId: l.marketId,
        outcome: l.outcome,
        odds: l.taken,
      })),
    )
    .getSQL();
  const round = openRoundInsert(tx, {
    product: 'sportsbook',
    game: q.legs.length === 1 ? q.legs[0]!.sport : 'multiple',
    roundId: id,
    userId,
    currency: body.currency,
    stake,
    fairness: {
      legs: q.legs.map((l) => ({ marketId: l.marketId, outcome: l.outcome, odds: l.taken })),
    },
  }).getSQL();
  const { rows } = (await tx.execute(sql`
    WITH taken AS (
      INSERT INTO sports_liabilities (key, amount, cap)
      SELECT r.key, r.amount, r.cap
      FROM jsonb_to_recordset(${values}::jsonb) AS r(key text, amount bigint, cap bigint)
      WHERE r.amount <= r.cap
      ORDER BY r.key
      ON CONFLICT (key) DO UPDATE
        SET amount = sports_liabilities.amount + excluded.amount, cap = excluded.cap,
            updated_at = now()
        WHERE sports_liabilities.amount + excluded.amount <= excluded.cap
      RETURNING key),
      bet AS (${bet}), legs AS (${legs}), round AS (${round})
    SELECT (SELECT count(*) FROM taken)::int AS taken, (SELECT created_at FROM bet) AS created_at`)) as {
    rows: Array<{ taken: number; created_at: Date | string }>;
  };
  if (Number(rows[0]!.taken) !== liabilities.length) throw new ApiError('SPORTS_LIABILITY_LIMIT');
  return { id, createdAt: new Date(rows[0]!.created_at) };
}

/** Whether the player already placed a bet under this key (a retry). */
async function keyTaken(userId: string, key: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .select({ id: sportsBets.id })
    .from(sportsBets)
    .where(and(eq(sportsBets.userId, userId), eq(sportsBets.idempotencyKey, key)))
    .limit(1);
  return rows.length > 0;
}

/** The bet just placed as the player reads it, from what placement holds (no read back). */
function placedView(
  placed: { id: string; createdAt: Date },
  q: Quote,
  markets: BookMarket[],
  body: SportsBetRequest,
  stake: bigint,
  decimals: number,
): SportsBet {
  const byId = new Map(markets.map((m) => [m.id, m]));
  const legs = q.legs.map((l): LegRow => {
    const m = byId.get(l.marketId)!;
    return { ...m, betId: placed.id, outcome: l.outcome, odds: l.taken, result: null };
  });
  const single = q.legs.length === 1 ? q.legs[0]! : null;
  const offer = single
    ? offerOf({ stake, odds: single.taken, outcome: single.outcome }, byId.get(single.marketId)!)
    : null;
  return betView(
    {
      ...placed,
      currency: body.currency,
      stake,
      potentialReturn: q.potentialReturn,
      payout: BigInt(0),
      odds: q.odds,
      oddsRule: body.oddsRule,
      live: q.live,
      state: 'open',
      settledAt: null,
    },
    legs,
    offer ?? undefined,
    decimals,
  );
}

/**
 * Places a single or a multiple. Checked before anything is locked: the markets open, the prices
 * under the player's rule, the limits (a retry whose key is taken goes on to be answered its bet).
 * A bet on a match under way then waits LIVE_BET_DELAY_MS holding nothing. The posting moves the
 * stake from `available` to the player's `stake` balance; under its locks the markets are read
 * again (locked against a reprice) and decide the price taken — always ours — then the liability
 * rows, the bet, its legs and its open round are written in one statement. Protection and the
 * balance check follow in the posting; anything refused undoes it all. Every statement here is
 * paid by every bet, so a new bet is answered from what is in hand rather than read back.
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
  // A retry is answered whatever the prices do now (the posting replays it, or refuses a key
  // reused for another bet): the key is looked up only when the checks refuse, or before a wait.
  let first: Quote | null = null;
  try {
    first = quote(body.selections, await marketsOf(db, ids, false), body.oddsRule, stake, book);
    assertWithinLimits(first, stake, price);
  } catch (error) {
    if (!(await keyTaken(userId, body.idempotencyKey))) throw error;
  }
  if (first?.live && config.LIVE_BET_DELAY_MS > 0) {
    if (!(await keyTaken(userId, body.idempotencyKey))) await sleep(config.LIVE_BET_DELAY_MS);
  }
  // Filled under the lock (again, if the posting retries its transaction).
  const answer: { bet?: SportsBet } = {};
  const [posted] = await postMany([posting], {
    linesUnderLock: async (tx) => {
      const markets = await marketsOf(tx, ids, true);
      const q = quote(body.selections, markets, body.oddsRule, stake, book);
      assertWithinLimits(q, stake, price);
      const placed = await recordBet(
        tx,
        q,
        body,
        userId,
        stake,
        liabilityRows(q, userId, stake, price),
      );
      answer.bet = placedView(placed, q, markets, body, stake, price.decimals);
      return [posting.lines];
    },
  });
  if (!posted!.replayed && answer.bet) return answer.bet;
  const bet = await betByKey(userId, body.idempotencyKey);
  if (!bet) throw new Error(`sports bet ${body.idempotencyKey} of ${userId} was not recorded`);
  return bet;
}
