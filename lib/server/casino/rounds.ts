import 'server-only';
import { and, eq, lt, sql } from 'drizzle-orm';
import { config } from '@/lib/config';
import { logger } from '@/lib/logger';
import { getDb } from '@/lib/server/db';
import { casinoRounds } from '@/lib/server/db/schema';
import { defineJob } from '@/lib/server/jobs';
import type { Tx } from '@/lib/server/wallet/ledger';
import { underPlayerLock } from '@/lib/server/wallet/player-lock';
import { settleOpenedMany, type Settlement } from '@/lib/server/wallet/rounds';

const staleBefore = () => sql`now() - make_interval(hours => ${config.CASINO_ROUND_CLOSE_H})`;

/**
 * Closes an open round once (one conditional UPDATE) and settles its game record. Runs under the
 * player's lock. Answers whether this call closed it.
 */
export async function closeRound(
  tx: Tx,
  id: string,
  { staleOnly = false }: { staleOnly?: boolean } = {},
): Promise<boolean> {
  const [round] = await tx
    .update(casinoRounds)
    .set({ state: 'closed', closedAt: sql`now()` })
    .where(
      and(
        eq(casinoRounds.id, id),
        eq(casinoRounds.state, 'open'),
        // The sweep closes only what is still stale under the lock: a call that just came keeps it.
        staleOnly ? lt(casinoRounds.lastCallAt, staleBefore()) : undefined,
      ),
    )
    .returning();
  if (!round) return false;
  await settleClosed(tx, round);
  return true;
}

/** What settling a closed round reads of it. */
export type ClosedRound = Pick<
  typeof casinoRounds.$inferSelect,
  | 'id'
  | 'provider'
  | 'ref'
  | 'userId'
  | 'gameCode'
  | 'currency'
  | 'bets'
  | 'wins'
  | 'rolledBack'
  | 'edgeBps'
  | 'flagged'
>;

/**
 * A round just closed, settled in its game record: the stake is what was bet less what was rolled
 * back, the payout what was won; `bet.settled` carries the game's edge (1 − RTP). A round closes
 * once (its one conditional UPDATE), and its record was opened at its first bet: its first and
 * only settlement, in one statement.
 */
export function settleClosed(tx: Tx, round: ClosedRound): Promise<void> {
  return settleClosedMany(tx, [round]);
}

/** Rounds just closed (a batch of calls: one player's at most each), settled in one statement. */
export async function settleClosedMany(tx: Tx, rounds: ClosedRound[]): Promise<void> {
  await settleOpenedMany(tx, rounds.map(settlementOf));
}

function settlementOf(round: ClosedRound): Settlement {
  const stake = round.bets - round.rolledBack;
  const zero = BigInt(0);
  // A win stands even when its stake was given back (a rollback after the win).
  const status =
    round.wins > zero ? 'won' : stake === zero && round.rolledBack > zero ? 'refunded' : 'lost';
  return {
    product: 'casino',
    game: round.gameCode,
    roundId: round.id,
    userId: round.userId,
    currency: round.currency,
    stake: { real: stake.toString(), bonus: '0' },
    payout: { real: round.wins.toString(), bonus: '0' },
    status,
    edgeBps: round.edgeBps,
    shape: { provider: round.provider, round: round.ref, flagged: round.flagged },
    fairness: { provider: round.provider, round: round.ref },
  };
}

/**
 * Closes the rounds an aggregator left open: CASINO_ROUND_CLOSE_H after their last call. Each
 * under its player's lock, so a late call of the same round is ordered with the close (and finds
 * it closed: a correction). Answers how many it closed.
 */
export async function closeStaleRounds(limit = 500): Promise<number> {
  const db = await getDb();
  const stale = await db
    .select({ id: casinoRounds.id, userId: casinoRounds.userId })
    .from(casinoRounds)
    .where(and(eq(casinoRounds.state, 'open'), lt(casinoRounds.lastCallAt, staleBefore())))
    .limit(limit);
  let closed = 0;
  for (const round of stale) {
    try {
      const done = await underPlayerLock(round.userId, (tx) =>
        closeRound(tx, round.id, { staleOnly: true }),
      );
      if (done) closed += 1;
    } catch (err) {
      // One round that cannot close does not hold up the others; the next pass tries it again.
      logger.error({ err, round: round.id }, 'a stale casino round could not be closed');
    }
  }
  return closed;
}

/** How often the deployment looks for rounds left open. */
const SWEEP_SECONDS = 600;

/** One loop for the deployment: close what is stale, then look again. */
const sweepJob = defineJob<Record<string, never>>(
  'casino.close-stale-rounds',
  async () => {
    try {
      const closed = await closeStaleRounds();
      if (closed) logger.info({ closed }, 'casino rounds closed after their last call');
    } catch (err) {
      logger.error({ err }, 'closing stale casino rounds failed; the next pass tries again');
    }
    await sweepJob.enqueue({}, { startAfter: SWEEP_SECONDS, singletonKey: 'sweep' });
  },
  { retryLimit: 2, policy: 'stately', expireInSeconds: 300 },
);

/** At server start, with an aggregator configured: the loop that closes rounds left open. */
export async function startRoundSweeps(): Promise<void> {
  if (!config.GAMES_AGGREGATOR) return;
  await sweepJob.enqueue({}, { startAfter: 1, singletonKey: 'sweep' });
}
