import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { config } from '@/lib/config';
import { bustAfterMs, crashPointUnits, crashUnitsAt } from '@/lib/fairness/crash';
import { logger } from '@/lib/logger';
import { getDb, getDbHandle } from '@/lib/server/db';
import { crashBets, crashChains, crashRounds } from '@/lib/server/db/schema';
import { cachedPrecision } from '@/lib/server/wallet/amounts';
import { currentRates } from '@/lib/server/wallet/rates';
import { betLimits } from '../limits';
import { capUnits, closeBet, openBets, payoutAt, type Ending } from './bets';
import { activeChain, chainById, gameHashOf } from './chain';
import { announceRound, announceTick } from './events';
import { roundSecrets, sealRound, type RoundRow } from './secrets';
import { roundView, type BetRow } from './view';

/*
 * The round engine. One runs at a time across the servers: the one holding a PostgreSQL advisory
 * lock on a connection of its own (PGlite is one process: it always leads). A server that dies
 * drops its connection and the lock with it; another takes over, and the first thing a new leader
 * does is abort whatever round was live — its open bets refunded, its game never replayed — and
 * finish any bust left half-settled.
 *
 * A round: game n taken from the chain by one conditional UPDATE → bets until `starts_at` → the
 * curve runs (auto cash-outs paid as it passes them) → the bust written no earlier than the bust
 * instant by the database's clock → every bet still open settled → the hash revealed.
 */

/** The advisory lock's key (any constant no other lock of the platform uses). */
export const CRASH_LEAD_LOCK = 7_314_039;
const TICK_MS = 200;

/** A wait that a stop cuts short. */
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, Math.max(0, ms));
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

/** The database's clock now, in epoch milliseconds (with its microseconds). */
async function dbNowMs(): Promise<number> {
  const db = await getDb();
  const { rows } = (await db.execute(
    sql`SELECT extract(epoch FROM clock_timestamp()) * 1000 AS now`,
  )) as { rows: Array<{ now: string | number }> };
  return Number(rows[0]!.now);
}

/**
 * Opens the next game of the chain for bets; null when the chain is used up, or still waits for
 * its salt (a Bitcoin block announced, not mined yet).
 */
export async function openNextRound(signal?: AbortSignal): Promise<RoundRow | null> {
  const chain = await activeChain(signal);
  if (chain.salt === null) return null;
  const salt = chain.salt;
  const db = await getDb();
  const [taken] = await db
    .update(crashChains)
    .set({ nextGame: sql`${crashChains.nextGame} + 1` })
    .where(and(eq(crashChains.id, chain.id), sql`${crashChains.nextGame} <= ${crashChains.length}`))
    .returning({ next: crashChains.nextGame });
  if (!taken) return null;
  const game = taken.next - 1;
  const hash = await gameHashOf(chain, game);
  const crashUnits = crashPointUnits(hash, salt, chain.edgeBps);
  const startsMs = Math.ceil(await dbNowMs()) + config.CRASH_BETTING_MS;
  const id = randomUUID();
  const bustMs = startsMs + bustAfterMs(crashUnits);
  const [round] = await db
    .insert(crashRounds)
    .values({
      id,
      chainId: chain.id,
      game,
      startsAt: new Date(startsMs),
      sealed: await sealRound(id, { crashUnits, bustMs, edgeBps: chain.edgeBps }),
    })
    .returning();
  announceRound(await roundView(round!));
  return round!;
}

/** Betting over: the round runs (a conditional UPDATE: a round aborted meanwhile stays so). */
export async function startRound(round: RoundRow): Promise<boolean> {
  const db = await getDb();
  const [started] = await db
    .update(crashRounds)
    .set({ state: 'running' })
    .where(and(eq(crashRounds.id, round.id), eq(crashRounds.state, 'betting')))
    .returning();
  if (started) announceRound(await roundView(started));
  return Boolean(started);
}

type Money = { maxWin: Map<string, bigint | null> };

async function moneyOf(bets: BetRow[]): Promise<Money> {
  const [precision, rates] = await Promise.all([cachedPrecision(), currentRates()]);
  const maxWin = new Map<string, bigint | null>();
  for (const currency of new Set(bets.map((b) => b.currency))) {
    const limits = betLimits(currency, precision.get(currency) ?? 8, rates);
    maxWin.set(currency, limits?.maxWin ?? null);
  }
  return { maxWin };
}

/** Cashes an open bet out at `units` (≤ the crash point, so valid whenever it is written). */
async function cashOutAt(bet: BetRow, units: number, edgeBps: number, maxWin: bigint | null) {
  const payout = payoutAt(bet.stake, units, maxWin);
  return closeBet(bet, edgeBps, async (tx) => {
    const moved = await tx
      .update(crashBets)
      .set({ state: 'cashed_out', cashedUnits: units, payout, cashedAt: sql`clock_timestamp()` })
      .where(and(eq(crashBets.id, bet.id), eq(crashBets.state, 'open')))
      .returning({ id: crashBets.id });
    return moved.length ? { ending: { state: 'cashed_out', units } as Ending, payout } : null;
  });
}

/**
 * The multiplier an open bet leaves at by itself, if any: its auto target or the multiplier whose
 * payout reaches the maximum win, whichever comes first.
 */
function ownExit(bet: BetRow, maxWin: bigint | null): number {
  return Math.min(bet.autoUnits ?? Infinity, capUnits(bet.stake, maxWin));
}

/**
 * One look at a running round at `units` (below its crash point): bets whose own exit the curve
 * has passed are paid at it; and once the round's payouts (paid and owed at `units`) reach
 * `CRASH_ROUND_MAX_PAYOUT_USD`, everyone still in is cashed out at `units`.
 */
export async function tickRound(round: RoundRow, units: number): Promise<void> {
  const { edgeBps, crashUnits } = await roundSecrets(round);
  if (units >= crashUnits) return;
  const bets = await openBets(round.id);
  if (!bets.length) return;
  const { maxWin } = await moneyOf(bets);
  const left: BetRow[] = [];
  for (const bet of bets) {
    const exit = ownExit(bet, maxWin.get(bet.currency) ?? null);
    if (exit <= units) await cashOutAt(bet, exit, edgeBps, maxWin.get(bet.currency) ?? null);
    else left.push(bet);
  }
  if (left.length && (await overRoundCap(round, left, units))) {
    for (const bet of left) await cashOutAt(bet, units, edgeBps, maxWin.get(bet.currency) ?? null);
  }
}

/** Whether the round's payouts in USD, paid plus owed at `units`, reach the round's cap. */
async function overRoundCap(round: RoundRow, open: BetRow[], units: number): Promise<boolean> {
  const db = await getDb();
  const paid = await db
    .select({ currency: crashBets.currency, payout: crashBets.payout })
    .from(crashBets)
    .where(and(eq(crashBets.roundId, round.id), eq(crashBets.state, 'cashed_out')));
  const [precision, rates] = await Promise.all([cachedPrecision(), currentRates()]);
  const usd = (currency: string, minor: bigint) =>
    (Number(minor) / 10 ** (precision.get(currency) ?? 8)) * (rates.rates[currency]?.USD ?? 0);
  const total =
    paid.reduce((sum, p) => sum + usd(p.currency, p.payout ?? BigInt(0)), 0) +
    open.reduce((sum, b) => sum + usd(b.currency, payoutAt(b.stake, units, null)), 0);
  return total >= config.CRASH_ROUND_MAX_PAYOUT_USD;
}

/**
 * The bust: written only once the database's clock has reached the bust instant (so no cash-out
 * taken before it can come after it), with the game's hash and crash point revealed; then every
 * bet still open is settled. Answers false while the instant is still ahead.
 */
export async function bustRound(round: RoundRow): Promise<boolean> {
  const { crashUnits, bustMs } = await roundSecrets(round);
  const db = await getDb();
  const hash = await gameHashOf(await chainById(round.chainId), round.game);
  const { rows } = (await db.execute(sql`
    UPDATE crash_rounds SET state = 'busted', ended_at = clock_timestamp(),
      game_hash = ${hash}, crash_units = ${crashUnits}
    WHERE id = ${round.id}::uuid AND state = 'running'
      AND clock_timestamp() >= to_timestamp(${bustMs}::double precision / 1000)
    RETURNING id`)) as { rows: unknown[] };
  if (!rows.length) return false;
  await settleBusted(round.id);
  return true;
}

/**
 * Every bet still open in a busted round: an auto target at or under the crash point pays its
 * target (the curve passed it), the rest lose. Run again by a new leader, it finishes the job.
 */
async function settleBusted(roundId: string): Promise<void> {
  const db = await getDb();
  const [round] = await db.select().from(crashRounds).where(eq(crashRounds.id, roundId));
  const { edgeBps, crashUnits } = await roundSecrets(round!);
  const bets = await openBets(roundId);
  const { maxWin } = await moneyOf(bets);
  for (const bet of bets) {
    const cap = maxWin.get(bet.currency) ?? null;
    const exit = ownExit(bet, cap);
    if (exit <= crashUnits) {
      await cashOutAt(bet, exit, edgeBps, cap);
      continue;
    }
    await closeBet(bet, edgeBps, async (tx) => {
      const moved = await tx
        .update(crashBets)
        .set({ state: 'busted', payout: BigInt(0) })
        .where(and(eq(crashBets.id, bet.id), eq(crashBets.state, 'open')))
        .returning({ id: crashBets.id });
      return moved.length ? { ending: { state: 'busted' } as Ending, payout: BigInt(0) } : null;
    });
  }
  const [after] = await db.select().from(crashRounds).where(eq(crashRounds.id, roundId));
  announceRound(await roundView(after!));
}

/**
 * What a new leader does first: a round left betting or running is aborted (never replayed) and
 * its open bets refunded; a busted round with bets still open is finished.
 */
export async function takeOver(): Promise<void> {
  const db = await getDb();
  const live = await db
    .update(crashRounds)
    .set({ state: 'aborted', endedAt: sql`clock_timestamp()` })
    .where(inArray(crashRounds.state, ['betting', 'running']))
    .returning();
  const unfinished = await db
    .selectDistinct({ round: crashRounds })
    .from(crashRounds)
    .innerJoin(crashBets, eq(crashBets.roundId, crashRounds.id))
    .where(and(eq(crashBets.state, 'open'), inArray(crashRounds.state, ['aborted', 'busted'])))
    .orderBy(asc(crashRounds.createdAt));
  for (const { round } of unfinished) {
    if (round.state === 'busted') await settleBusted(round.id);
    else await refundRound(round);
  }
  for (const round of live) announceRound(await roundView(round));
}

async function refundRound(round: RoundRow): Promise<void> {
  const { edgeBps } = await roundSecrets(round);
  for (const bet of await openBets(round.id)) {
    await closeBet(
      bet,
      edgeBps,
      async (tx) => {
        const moved = await tx
          .update(crashBets)
          .set({ state: 'refunded', payout: bet.stake })
          .where(and(eq(crashBets.id, bet.id), eq(crashBets.state, 'open')))
          .returning({ id: crashBets.id });
        return moved.length ? { ending: { state: 'refunded' } as Ending, payout: bet.stake } : null;
      },
      { refund: true },
    );
  }
}

/**
 * One whole round, paced by the clock: open, take bets, run, bust, pause. A stop (the signal) or
 * a lost lead leaves the round as it is, for the next leader to abort and refund.
 */
export async function playRound(leading: () => boolean, signal?: AbortSignal): Promise<boolean> {
  const round = await openNextRound(signal);
  if (!round) return false;
  const offset = (await dbNowMs()) - Date.now();
  const startsMs = round.startsAt.getTime();
  await sleep(startsMs - (Date.now() + offset), signal);
  if (!leading() || !(await startRound(round))) return true;
  const { bustMs } = await roundSecrets(round);
  for (;;) {
    if (!leading()) return true;
    const now = Date.now() + offset;
    if (now >= bustMs) {
      if (await bustRound(round)) break;
      await sleep(5);
      continue;
    }
    const units = crashUnitsAt(now - startsMs);
    announceTick(round.id, units);
    await tickRound(round, units);
    await sleep(Math.min(TICK_MS, bustMs - (Date.now() + offset)), signal);
  }
  await sleep(config.CRASH_PAUSE_MS, signal);
  return true;
}

type Lead = { alive: () => Promise<boolean>; release: () => Promise<void> };

/** Leadership: the advisory lock on a pinned connection (PostgreSQL); PGlite always leads. */
async function tryLead(): Promise<Lead | null> {
  const handle = await getDbHandle();
  if (!handle.pin) return { alive: async () => true, release: async () => undefined };
  const conn = await handle.pin();
  try {
    const { rows } = await conn.query('SELECT pg_try_advisory_lock($1) AS ok', [CRASH_LEAD_LOCK]);
    if (!rows[0]?.ok) {
      conn.release();
      return null;
    }
  } catch (error) {
    conn.release(true);
    throw error;
  }
  return {
    alive: () =>
      conn.query('SELECT 1').then(
        () => true,
        () => false,
      ),
    release: async () => {
      await conn.query('SELECT pg_advisory_unlock($1)', [CRASH_LEAD_LOCK]).catch(() => undefined);
      conn.release();
    },
  };
}

type EngineState = { stop?: () => Promise<void> };
const holder = globalThis as { __crashEngine?: EngineState };

/**
 * Starts this server's engine loop: it leads when it gets the lock, and otherwise looks again
 * every few seconds. Stopped before the database closes.
 */
export async function startCrashEngine(): Promise<void> {
  if (!config.CRASH_ENGINE || holder.__crashEngine) return;
  const state: EngineState = {};
  holder.__crashEngine = state;
  const stopped = new AbortController();
  const { signal } = stopped;
  let lead: Lead | null = null;
  let healthy = true;
  const loop = (async () => {
    while (!signal.aborted) {
      try {
        lead ??= await tryLead();
        if (!lead) {
          await sleep(2_000, signal);
          continue;
        }
        await takeOver();
        while (!signal.aborted && healthy) {
          const played = await playRound(() => !signal.aborted && healthy, signal);
          if (!played) await sleep(5_000, signal);
          healthy = await lead.alive();
        }
      } catch (err) {
        // A stop cuts a chain being made short: that is no failure.
        if (!signal.aborted) logger.warn({ err }, 'crash engine: round failed; starting again');
        await sleep(1_000, signal);
      }
      if (lead && !healthy) {
        await lead.release().catch(() => undefined);
        lead = null;
        healthy = true;
      }
    }
  })();
  state.stop = async () => {
    stopped.abort();
    await loop;
    await lead?.release();
    holder.__crashEngine = undefined;
  };
  (await getDbHandle()).beforeClose.push(() => state.stop!());
}
