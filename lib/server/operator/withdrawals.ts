import 'server-only';
import { tellPaymentsTeam } from '@/lib/server/realtime';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { approvedLevel } from '@/lib/schemas/kyc';
import type { Withdrawal, WithdrawalStatus } from '@/lib/schemas/wallet';
import { getDb } from '@/lib/server/db';
import { kycLevels, users, withdrawals } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { tellPlayer } from '@/lib/server/notifications/events';
import { formatMinor, ledgerPrecision } from '@/lib/server/wallet/amounts';
import { payable } from '@/lib/server/wallet/payable';
import { currentRates } from '@/lib/server/wallet/rates';
import {
  alertUnpayable,
  deadAttempt,
  endDeadAttempt,
  payoutUnderWay,
  schedulePayouts,
} from '@/lib/server/wallet/payouts';
import { endPending } from '@/lib/server/wallet/withdrawals';
import { addDecimal } from '@/lib/wallet/format';
import { resolveAlert } from './alerts';
import { audit } from './audit';
import type { OperatorActor } from './auth';

/**
 * The withdrawals queue, oldest first: what the payments team works through, a page at a time.
 * Amounts are decimal strings in the currency (the one unit of the operator API), as the player
 * asked for them; beside each, the player's username and KYC level and the amount in USD at the
 * current rates (marked when those are the built-in indicative ones).
 */
export async function withdrawalsQueue({
  status,
  offset,
  limit,
}: {
  status: WithdrawalStatus;
  offset: number;
  limit: number;
}) {
  const db = await getDb();
  const [rows, precision, rates] = await Promise.all([
    db
      .select({ w: withdrawals, username: users.username })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(eq(withdrawals.status, status))
      .orderBy(asc(withdrawals.createdAt), asc(withdrawals.id))
      .offset(offset)
      .limit(limit),
    ledgerPrecision(),
    currentRates(),
  ]);
  // The page's players' approved levels, counted as the player's own KYC page counts them.
  const userIds = [...new Set(rows.map((r) => r.w.userId))];
  const levels = userIds.length
    ? await db
        .select({ userId: kycLevels.userId, level: kycLevels.level, status: kycLevels.status })
        .from(kycLevels)
        .where(and(inArray(kycLevels.userId, userIds), eq(kycLevels.status, 'approved')))
    : [];
  return rows.map(({ w: r, username }) => {
    const amount = formatMinor(r.amount, precision.get(r.currency) ?? 0);
    const usd = rates.rates[r.currency]?.USD;
    return {
      id: r.id,
      userId: r.userId,
      username,
      kycLevel: approvedLevel(levels.filter((l) => l.userId === r.userId)),
      currency: r.currency,
      network: r.network,
      address: r.address,
      amount,
      fee: formatMinor(r.fee, precision.get(r.currency) ?? 0),
      usd: usd === undefined ? null : (Number(amount) * usd).toFixed(2),
      usdIndicative: rates.source === 'indicative',
      status: r.status,
      reason: r.reason,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

/** Approval is one conditional update (pending → approved), audited with it; the payout follows. */
export async function approveWithdrawal(actor: OperatorActor, id: string) {
  const db = await getDb();
  const approved = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(withdrawals)
      .set({ status: 'approved', updatedAt: new Date() })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')))
      .returning();
    if (!row) throw new ApiError('CONFLICT', 'status');
    await audit(tx, actor, {
      action: 'withdrawal.approve',
      target: `withdrawal:${id}`,
      before: { status: 'pending' },
      after: { status: 'approved' },
    });
    return row;
  });
  // Refused at request time, but the configuration may have changed since: say so now (B2).
  if (!(await payable(approved.currency, approved.network))) await alertUnpayable(approved);
  await schedulePayouts(approved.network);
  tellPaymentsTeam({ id, status: approved.status });
  return { id, status: approved.status };
}

/**
 * Rejection releases the hold in the same transaction as the status change and its audit row:
 * a pending withdrawal's at once, an approved one's as a release does (below).
 */
export async function rejectWithdrawal(actor: OperatorActor, id: string, reason: string) {
  try {
    const ended = await endPending({ id }, 'rejected', reason, (tx, before) =>
      audit(tx, actor, {
        action: 'withdrawal.reject',
        target: `withdrawal:${id}`,
        before: { status: before.status },
        after: { status: 'rejected', reason },
      }),
    );
    await tellReleased(ended);
    return { id, status: ended.status };
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'CONFLICT' && error.detail === 'approved')) {
      throw error;
    }
  }
  return releaseApproved(actor, id, reason, 'withdrawal.reject');
}

/**
 * A payout that failed on chain (reverted) waits for a person: retry puts the withdrawal back to
 * approved (the hot wallet signs a new attempt, with a new nonce), with its audit row, in one
 * conditional update. An approved withdrawal whose payout can no longer pay (its nonce used by
 * another transaction, checked on the chain now; a custodian request lost) is retried the same
 * way, that attempt ended as failed in the same transaction.
 */
export async function retryWithdrawal(actor: OperatorActor, id: string) {
  const db = await getDb();
  const dead = await deadAttempt(id);
  const retried = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(withdrawals)
      // A release asked while the attempt was in flight is answered by this decision.
      .set({ status: 'approved', reason: null, releaseRequestedAt: null, updatedAt: new Date() })
      .where(
        and(
          eq(withdrawals.id, id),
          dead ? eq(withdrawals.status, 'approved') : eq(withdrawals.status, 'failed'),
        ),
      )
      .returning();
    if (!row || (dead && !(await endDeadAttempt(tx, dead)))) {
      throw new ApiError('CONFLICT', 'status');
    }
    await audit(tx, actor, {
      action: 'withdrawal.retry',
      target: `withdrawal:${id}`,
      before: dead ? { status: 'approved', attempt: dead.reason } : { status: 'failed' },
      after: { status: 'approved' },
    });
    return row;
  });
  await Promise.all(
    ['payout.failed', 'payout.nonce', 'payout.lost'].map((kind) =>
      resolveAlert(kind, `withdrawal:${id}`),
    ),
  );
  await schedulePayouts(retried.network);
  tellPaymentsTeam({ id, status: retried.status });
  return { id, status: retried.status };
}

/** …or release: the failed withdrawal ends as rejected and its hold comes back to the player, once. */
export async function releaseWithdrawal(actor: OperatorActor, id: string, reason: string) {
  try {
    const ended = await endPending(
      { id },
      'rejected',
      reason,
      (tx, before) =>
        audit(tx, actor, {
          action: 'withdrawal.release',
          target: `withdrawal:${id}`,
          before: { status: before.status },
          after: { status: 'rejected', reason },
        }),
      'failed',
    );
    await resolveAlert('payout.failed', `withdrawal:${id}`);
    await tellReleased(ended);
    return { id, status: ended.status };
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'CONFLICT' && error.detail === 'approved')) {
      throw error;
    }
  }
  return releaseApproved(actor, id, reason, 'withdrawal.release');
}

/** Thrown inside a release's transaction: the approved withdrawal has a payout on chain. */
class OnChain extends Error {}

/**
 * The exit from approved (review B2). With nothing on chain the hold comes back at once, checked
 * under the withdrawal's lock that a payout pass takes before it opens an attempt. With a payout on
 * chain the release is recorded and the pass sends a cancel for its nonce: released when the
 * cancel is confirmed, paid if the transfer is mined first — never both.
 */
async function releaseApproved(
  actor: OperatorActor,
  id: string,
  reason: string,
  action: 'withdrawal.reject' | 'withdrawal.release',
) {
  // A payout that can no longer pay (checked before the transaction: it asks the chain) ends with
  // the release; any other under way is cancelled first, or cannot be called back.
  const dead = await deadAttempt(id);
  try {
    const ended = await endPending(
      { id },
      'rejected',
      reason,
      async (tx, before) => {
        if (dead) {
          if (!(await endDeadAttempt(tx, dead))) throw new ApiError('CONFLICT', 'status');
        } else {
          if (before.releaseRequestedAt) throw new ApiError('CONFLICT', 'cancelling');
          const underWay = await payoutUnderWay(tx, id);
          // A custodian's payout cannot be called back: it ends paid or failed, then released.
          if (underWay === 'custodian') {
            throw new ApiError('CONFLICT', 'custodian payout under way');
          }
          if (underWay === 'chain') throw new OnChain();
        }
        await audit(tx, actor, {
          action,
          target: `withdrawal:${id}`,
          before: dead ? { status: 'approved', attempt: dead.reason } : { status: 'approved' },
          after: { status: 'rejected', reason },
        });
      },
      'approved',
    );
    await Promise.all(
      ['payout.short', 'payout.unpayable', 'payout.verify', 'payout.nonce', 'payout.lost'].map(
        (kind) => resolveAlert(kind, `withdrawal:${id}`),
      ),
    );
    await tellReleased(ended);
    return { id, status: ended.status, release: 'done' as const };
  } catch (error) {
    if (!(error instanceof OnChain)) throw error;
  }
  const db = await getDb();
  const asked = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(withdrawals)
      .set({ releaseRequestedAt: new Date(), reason, updatedAt: new Date() })
      .where(
        and(
          eq(withdrawals.id, id),
          eq(withdrawals.status, 'approved'),
          isNull(withdrawals.releaseRequestedAt),
        ),
      )
      .returning();
    if (!row) throw new ApiError('CONFLICT', 'status');
    await audit(tx, actor, {
      action,
      target: `withdrawal:${id}`,
      before: { status: 'approved' },
      after: { status: 'approved', release: 'cancelling', reason },
    });
    return row;
  });
  await schedulePayouts(asked.network);
  return { id, status: asked.status, release: 'cancelling' as const };
}

/** The player hears their withdrawal was declined: the amount and its fee are back with them. */
async function tellReleased(w: Withdrawal) {
  const db = await getDb();
  const [row] = await db
    .select({ userId: withdrawals.userId })
    .from(withdrawals)
    .where(eq(withdrawals.id, w.id));
  if (!row) return;
  await tellPlayer(row.userId, 'withdrawalRejected', {
    amount: addDecimal(w.amount, w.fee),
    currency: w.currency,
  });
}
