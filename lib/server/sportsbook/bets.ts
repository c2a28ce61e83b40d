import 'server-only';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { config } from '@/lib/config';
import type { SportsBet, SportsBetRequest } from '@/lib/schemas/sportsbook';
import { sportsBetLegs, sportsBets } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { cachedPrecision, parseMinor } from '@/lib/server/wallet/amounts';
import { postMany, type Alongside, type Posted, type Tx } from '@/lib/server/wallet/ledger';
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
 * The bet's writes, run in the statement that writes its posting's entries: its liability rows
 * (each locked, in key order, and moved only while it stays within its cap), its row, its legs
 * and its open round in the game record. A liability row left out means a limit was reached, and
 * the whole posting is undone, the bet with it.
 */
function betWrites(
  tx: Tx,
  id: string,
  q: Quote,
  body: SportsBetRequest,
  userId: string,
  stake: bigint,
  liabilities: ReturnType<typeof liabilityRows>,
  placed: (createdAt: Date) => void,
): Alongside {
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
  return {
    parts: [
      sql`sb_taken AS (
        INSERT INTO sports_liabilities (key, amount, cap)
        SELECT r.key, r.amount, r.cap
        FROM jsonb_to_recordset(${values}::jsonb) AS r(key text, amount bigint, cap bigint)
        WHERE r.amount <= r.cap
        ORDER BY r.key
        ON CONFLICT (key) DO UPDATE
          SET amount = sports_liabilities.amount + excluded.amount, cap = excluded.cap,
              updated_at = now()
          WHERE sports_liabilities.amount + excluded.amount <= excluded.cap
        RETURNING key)`,
      sql`sb_bet AS (${bet})`,
      sql`sb_legs AS (${legs})`,
      sql`sb_round AS (${round})`,
    ],
    value: sql`json_build_object('taken', (SELECT count(*) FROM sb_taken),
      'createdAt', (SELECT created_at FROM sb_bet))`,
    check: (value) => {
      const { taken, createdAt } = value as { taken: number; createdAt: string };
      if (Number(taken) !== liabilities.length) throw new ApiError('SPORTS_LIABILITY_LIMIT');
      placed(new Date(createdAt));
    },
  };
}

/** Thrown under the lock when a bet turns out live: it waits the delay holding nothing, then again. */
class LiveBet extends Error {}

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
 * Places a single or a multiple. The posting moves the stake from `available` to the player's
 * `stake` balance; a retry of its key is answered its bet (or refused when it asks another). Under
 * the posting's locks the markets are read (locked against a reprice) and decide whether the bet
 * is taken and at what price — always ours — under the player's rule and the limits. A bet on a
 * match under way is first sent out to wait LIVE_BET_DELAY_MS holding nothing, then checked again
 * from the start. Protection and the balance check follow; the liability rows, the bet, its legs
 * and its open round are written with the entries; anything refused undoes it all. Every
 * statement here is paid by every bet: a new bet is answered from what is in hand, not read back.
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
  const book = await loadBook();
  // Decided under the lock (again, if the posting runs its transaction again).
  const answer: { bet?: SportsBet; writes?: Alongside } = {};
  let waited = config.LIVE_BET_DELAY_MS <= 0;
  const place = () =>
    postMany([posting], {
      linesUnderLock: async (tx) => {
        answer.bet = undefined;
        answer.writes = undefined;
        const markets = await marketsOf(tx, ids, true);
        const q = quote(body.selections, markets, body.oddsRule, stake, book);
        assertWithinLimits(q, stake, price);
        if (q.live && !waited) throw new LiveBet();
        const id = randomUUID();
        const liabilities = liabilityRows(q, userId, stake, price);
        answer.writes = betWrites(tx, id, q, body, userId, stake, liabilities, (createdAt) => {
          answer.bet = placedView({ id, createdAt }, q, markets, body, stake, price.decimals);
        });
        return [posting.lines];
      },
      alongside: () => answer.writes ?? null,
    });
  let posted: Posted[];
  try {
    posted = await place();
  } catch (error) {
    if (!(error instanceof LiveBet)) throw error;
    // On a match under way the price must hold for the delay: waited out of the transaction
    // (undone, its key free again), then everything is checked again under the lock.
    waited = true;
    await sleep(config.LIVE_BET_DELAY_MS);
    posted = await place();
  }
  if (!posted[0]!.replayed && answer.bet) return answer.bet;
  const bet = await betByKey(userId, body.idempotencyKey);
  if (!bet) throw new Error(`sports bet ${body.idempotencyKey} of ${userId} was not recorded`);
  return bet;
}
