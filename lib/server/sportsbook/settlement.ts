import 'server-only';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { BetSettledV1 } from '@/lib/schemas/domain-events';
import { overround } from '@/lib/sportsbook/margin';
import {
  betReturn,
  outcomeResult,
  type FinalScore,
  type LegResult,
  type SettledMarket,
  type SettledOutcome,
} from '@/lib/sportsbook/settle';
import { logger } from '@/lib/logger';
import { getDb } from '@/lib/server/db';
import { sportsBetLegs, sportsBets, sportsEvents, sportsMarkets } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { defineJob } from '@/lib/server/jobs';
import type { OperatorActor } from '@/lib/server/operator/auth';
import { audit } from '@/lib/server/operator/audit';
import { post, postMany, type Tx } from '@/lib/server/wallet/ledger';
import { correctionAccounts, correctionLines } from '@/lib/server/wallet/corrections';
import { settleRound } from '@/lib/server/wallet/rounds';
import { cachedPrecision, formatMinor } from '@/lib/server/wallet/amounts';
import { currentRates } from '@/lib/server/wallet/rates';
import { tellPlayer } from '@/lib/server/notifications/events';
import { sportsHref } from '@/lib/site/paths';
import { closingLines, closingPostings } from './closing';
import { WIN_NOTICE_USD } from './settings';

/*
 * Settlement: an event's result (from the feed, or entered by hand in the settlement room) settles
 * its markets — each outcome's result stored on the market and on every leg that picked it — in
 * one transaction; then a job settles each bet whose legs all have results. A bet's settlement is
 * version 1 of its result, posted under keys `settle:<betId>:1` (the stake from the player's
 * `stake` balance to the house) and `settle:<betId>:1:return` (the return to the player), with
 * the bet moved from open by one conditional UPDATE: run twice, or racing a cash-out, it pays once.
 */

/** The bet moved on before this settlement could (settled, or cashed out): nothing to do. */
class Moved extends Error {}

type MarketRow = typeof sportsMarkets.$inferSelect;

function resultsOf(market: MarketRow, score: FinalScore | null): LegResult[] {
  // No score (abandoned, voided): every outcome is void.
  if (!score) return market.outcomes.map(() => 'void');
  const settled: SettledMarket = {
    kind: market.kind as SettledMarket['kind'],
    period: market.period as SettledMarket['period'],
    lineQuarters: market.lineQuarters,
  };
  return market.outcomes.map((o) => outcomeResult(settled, o as SettledOutcome, score));
}

/**
 * Every market of the event takes its outcomes' results from the score (all void without one),
 * and every leg on them its outcome's result — a correction overwrites the earlier ones.
 */
export async function resultMarkets(
  tx: Tx,
  eventId: number,
  score: FinalScore | null,
): Promise<void> {
  const markets = await tx
    .select()
    .from(sportsMarkets)
    .where(eq(sportsMarkets.eventId, eventId))
    .orderBy(asc(sportsMarkets.id));
  const settled = markets.map((m) => ({ id: m.id, results: resultsOf(m, score) }));
  await tx.execute(sql`
    UPDATE sports_markets m SET state = 'settled',
      results = ARRAY(SELECT jsonb_array_elements_text(r.results))
    FROM jsonb_to_recordset(${JSON.stringify(settled)}::jsonb) AS r(id uuid, results jsonb)
    WHERE m.id = r.id`);
  await tx.execute(sql`
    UPDATE sports_bet_legs l SET result = m.results[array_position(m.outcomes, l.outcome)]
    FROM sports_markets m
    WHERE l.market_id = m.id AND m.event_id = ${eventId}`);
}

export const settleJob = defineJob<{ eventId: number }>(
  'sportsbook.settle-event',
  async ({ eventId }) => {
    const settled = await settleEventBets(eventId);
    if (settled) logger.info({ eventId, settled }, 'sportsbook bets settled');
  },
  { retryLimit: 5, expireInSeconds: 600 },
);

/**
 * Closes an event with its final score (`ended`) or without one (`abandoned`: every market void),
 * settles its markets and their legs in one transaction (audited when staff did it), then queues
 * the settlement of its bets. An event already closed is refused.
 */
export async function closeEvent(
  eventId: number,
  score: FinalScore | null,
  actor: OperatorActor | null,
  reason?: string,
): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const closed = await tx
      .update(sportsEvents)
      .set({
        state: score ? 'ended' : 'abandoned',
        result: score,
        endedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(sportsEvents.id, eventId), inArray(sportsEvents.state, ['scheduled', 'live'])))
      .returning({ id: sportsEvents.id });
    if (!closed.length) {
      const [exists] = await tx
        .select({ id: sportsEvents.id })
        .from(sportsEvents)
        .where(eq(sportsEvents.id, eventId));
      throw new ApiError(exists ? 'SPORTS_EVENT_CLOSED' : 'NOT_FOUND');
    }
    await resultMarkets(tx, eventId, score);
    if (actor) {
      await audit(tx, actor, {
        action: score ? 'sportsbook.event.result' : 'sportsbook.event.void',
        target: `sports-event:${eventId}`,
        after: score ? { score } : { reason },
      });
    }
  });
  await settleJob.enqueue({ eventId });
}

/**
 * Settles every open bet with a leg on this event whose legs all have results, and resettles the
 * settled ones whose return the event's corrected results change.
 */
export async function settleEventBets(eventId: number): Promise<number> {
  const db = await getDb();
  const ready = await db
    .selectDistinct({ id: sportsBets.id })
    .from(sportsBets)
    .innerJoin(sportsBetLegs, eq(sportsBetLegs.betId, sportsBets.id))
    .where(
      and(
        eq(sportsBetLegs.eventId, eventId),
        inArray(sportsBets.state, ['open', 'settled']),
        sql`NOT EXISTS (SELECT 1 FROM sports_bet_legs o WHERE o.bet_id = ${sportsBets.id} AND o.result IS NULL)`,
      ),
    );
  let settled = 0;
  for (const { id } of ready) if (await settleSportsBet(id)) settled += 1;
  return settled;
}

/** What `bet.settled` says of a bet's result. */
function statusOf(legs: Array<{ result: LegResult }>, paid: bigint): BetSettledV1['status'] {
  if (legs.every((l) => l.result === 'void')) return 'void';
  if (paid === BigInt(0)) return 'lost';
  if (legs.length === 1 && legs[0]!.result === 'half-won') return 'half_won';
  if (legs.length === 1 && legs[0]!.result === 'half-lost') return 'half_lost';
  return 'won';
}

/** The book's theoretical edge on a bet: 1 − Π 1/(1 + its markets' margins), in basis points. */
function edgeOf(margins: number[]): number {
  const kept = margins.reduce((k, m) => k / (1 + Math.max(0, m)), 1);
  return Math.max(0, Math.min(10_000, Math.round((1 - kept) * 10_000)));
}

/**
 * Tells the player of a void bet or a big win (never of every bet); after the money moved, so a
 * notice that fails changes nothing.
 */
async function noticeOf(
  bet: typeof sportsBets.$inferSelect,
  status: BetSettledV1['status'],
  paid: bigint,
): Promise<void> {
  const decimals = (await cachedPrecision()).get(bet.currency);
  if (decimals === undefined) return;
  const amount = formatMinor(paid, decimals);
  const usd = (await currentRates()).rates[bet.currency]?.USD ?? 0;
  const big = status !== 'void' && Number(amount) * usd >= WIN_NOTICE_USD;
  if (status !== 'void' && !big) return;
  await tellPlayer(
    bet.userId,
    big ? 'sportsBigWin' : 'sportsBetVoid',
    { amount, currency: bet.currency },
    sportsHref('/bets'),
  );
}

/** Gives back what the bet added to its liability rows, locked in key order. */
export async function releaseLiabilities(tx: Tx, keys: string[], amount: bigint): Promise<void> {
  if (amount <= BigInt(0)) return;
  await tx.execute(sql`
    UPDATE sports_liabilities SET amount = amount - ${amount.toString()}::bigint, updated_at = now()
    WHERE key IN (SELECT key FROM sports_liabilities
      WHERE key IN (${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )}) ORDER BY key FOR UPDATE)`);
}

type BetRow = typeof sportsBets.$inferSelect;
type LegRow = Awaited<ReturnType<typeof legsOf>>[number];

async function legsOf(betId: string) {
  const db = await getDb();
  return db
    .select({
      leg: sportsBetLegs.leg,
      eventId: sportsBetLegs.eventId,
      marketId: sportsBetLegs.marketId,
      outcome: sportsBetLegs.outcome,
      odds: sportsBetLegs.odds,
      result: sportsBetLegs.result,
      marketOdds: sportsMarkets.odds,
      sport: sportsEvents.sport,
    })
    .from(sportsBetLegs)
    .innerJoin(sportsMarkets, eq(sportsMarkets.id, sportsBetLegs.marketId))
    .innerJoin(sportsEvents, eq(sportsEvents.id, sportsBetLegs.eventId))
    .where(eq(sportsBetLegs.betId, betId))
    .orderBy(asc(sportsBetLegs.leg));
}

/** The bet's game record at this version of its result (and `bet.settled` at the next version). */
function recordRound(tx: Tx, bet: BetRow, legs: LegRow[], paid: bigint) {
  const resulted = legs.map((l) => ({ result: l.result as LegResult }));
  return settleRound(tx, {
    product: 'sportsbook',
    game: legs.length === 1 ? legs[0]!.sport : 'multiple',
    roundId: bet.id,
    userId: bet.userId,
    currency: bet.currency,
    stake: { real: bet.stakeReal.toString(), bonus: bet.stakeBonus.toString() },
    payout: { real: paid.toString(), bonus: '0' },
    status: statusOf(resulted, paid),
    edgeBps: edgeOf(legs.map((l) => (l.marketOdds ? overround(l.marketOdds) : 0))),
    shape: {
      odds: bet.odds,
      legs: legs.map((l) => ({
        marketId: l.marketId,
        outcome: l.outcome,
        odds: l.odds,
        result: l.result,
      })),
    },
  });
}

/**
 * Settles one bet when all its legs have results: the return is exact over its legs and floored
 * once. An open bet is settled at version 1; a settled one whose legs' results were corrected is
 * resettled at the next version (`resettle`). Answers whether this call moved it (false: not
 * ready, nothing changed, or already moved by another call).
 */
export async function settleSportsBet(betId: string): Promise<boolean> {
  const db = await getDb();
  const [bet] = await db
    .select()
    .from(sportsBets)
    .where(and(eq(sportsBets.id, betId), inArray(sportsBets.state, ['open', 'settled'])));
  if (!bet) return false;
  const legs = await legsOf(betId);
  if (legs.some((l) => l.result === null)) return false;
  const resulted = legs.map((l) => ({ result: l.result as LegResult, odds: l.odds }));
  const paid = betReturn(bet.stake, resulted);
  try {
    if (bet.state === 'settled') return await resettle(bet, legs, paid);
    return await settleFirst(bet, legs, paid);
  } catch (error) {
    if (error instanceof Moved) return false;
    throw error;
  }
}

/** Version 1: the stake to the house, the return to the player, the liability given back. */
async function settleFirst(bet: BetRow, legs: LegRow[], paid: bigint): Promise<boolean> {
  const { id: betId, userId } = bet;
  const keys = legs.flatMap((l) => [`s:${l.marketId}:${l.outcome}`, `p:${userId}:${l.eventId}`]);
  const [first] = await postMany(closingPostings(bet, `settle:${betId}:1`, { betId, version: 1 }), {
    linesUnderLock: async (tx) => {
      const moved = await tx
        .update(sportsBets)
        .set({ state: 'settled', payout: paid, version: 1, settledAt: sql`now()` })
        .where(and(eq(sportsBets.id, betId), eq(sportsBets.state, 'open')))
        .returning({ id: sportsBets.id });
      if (!moved.length) throw new Moved();
      await releaseLiabilities(tx, [...new Set(keys)].sort(), bet.liability);
      await recordRound(tx, bet, legs, paid);
      return closingLines(bet, paid);
    },
  });
  if (first!.replayed) return false;
  const resulted = legs.map((l) => ({ result: l.result as LegResult }));
  await noticeOf(bet, statusOf(resulted, paid), paid);
  return true;
}

/**
 * Version n + 1 of a settled bet whose legs' results were corrected: only the difference from
 * version n moves, under key `settle:<betId>:<n + 1>` — paid from the house, or taken back from
 * the available balance and, past it, owed (the receivable: withdrawals wait, a risk flag opens).
 * The bet moves from version n by one conditional UPDATE; the same return again moves nothing.
 */
async function resettle(bet: BetRow, legs: LegRow[], paid: bigint): Promise<boolean> {
  const difference = paid - bet.payout;
  if (difference === BigInt(0)) return false;
  const { id: betId, userId, currency } = bet;
  const version = bet.version + 1;
  const player = { userId, currency };
  const house = { house: 'sportsbook' as const, currency };
  const posted = await post(
    {
      type: 'win',
      scope: `sportsbook:${userId}`,
      key: `settle:${betId}:${version}`,
      userId,
      lines: correctionAccounts(player, house),
      meta: { betId, version },
    },
    {
      linesUnderLock: async (tx, balances) => {
        const moved = await tx
          .update(sportsBets)
          .set({ payout: paid, version, settledAt: sql`now()` })
          .where(
            and(
              eq(sportsBets.id, betId),
              eq(sportsBets.state, 'settled'),
              eq(sportsBets.version, bet.version),
            ),
          )
          .returning({ id: sportsBets.id });
        if (!moved.length) throw new Moved();
        await recordRound(tx, bet, legs, paid);
        return correctionLines(player, house, difference, balances.of(player));
      },
    },
  );
  if (posted.replayed) return false;
  const decimals = (await cachedPrecision()).get(currency);
  if (decimals !== undefined) {
    const credit = difference > BigInt(0);
    await tellPlayer(
      userId,
      credit ? 'sportsResettledCredit' : 'sportsResettledDebit',
      { amount: formatMinor(credit ? difference : -difference, decimals), currency },
      sportsHref('/bets'),
    );
  }
  return true;
}

/** A match neither played nor abandoned by its feed this long after its start is void. */
const NOT_STARTED_HOURS = 48;

/**
 * Voids events still waiting for their start, or in play, 48 hours after it: no result will come,
 * so every market still undecided is void and the stakes on it return.
 */
export async function voidForgottenEvents(now = new Date()): Promise<number> {
  const db = await getDb();
  const forgotten = await db
    .select({ id: sportsEvents.id })
    .from(sportsEvents)
    .where(
      and(
        inArray(sportsEvents.state, ['scheduled', 'live']),
        sql`${sportsEvents.startsAt} < ${new Date(now.getTime() - NOT_STARTED_HOURS * 3_600_000).toISOString()}::timestamptz`,
      ),
    );
  let voided = 0;
  for (const { id } of forgotten) {
    try {
      await closeEvent(id, null, null);
      voided += 1;
    } catch (err) {
      // Closed meanwhile (a result arrived): nothing to void.
      if (!(err instanceof ApiError)) throw err;
    }
  }
  return voided;
}

const SWEEP_SECONDS = 600;

/** One loop for the deployment: void what was forgotten, then look again in ten minutes. */
const sweepJob = defineJob<Record<string, never>>(
  'sportsbook.void-forgotten-events',
  async () => {
    try {
      const voided = await voidForgottenEvents();
      if (voided) logger.info({ voided }, 'sportsbook events voided 48 hours after their start');
    } catch (err) {
      logger.error(
        { err },
        'voiding forgotten sportsbook events failed; the next pass tries again',
      );
    }
    await sweepJob.enqueue({}, { startAfter: SWEEP_SECONDS, singletonKey: 'sweep' });
  },
  { retryLimit: 2, policy: 'stately', expireInSeconds: 300 },
);

/** At server start: the loop that voids events whose result never came. */
export async function startEventSweeps(): Promise<void> {
  await sweepJob.enqueue({}, { startAfter: SWEEP_SECONDS, singletonKey: 'sweep' });
}
