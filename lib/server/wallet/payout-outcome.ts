import 'server-only';
import { tellPaymentsTeam } from '@/lib/server/realtime';
import { and, eq, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/server/db';
import { withdrawals } from '@/lib/server/db/schema';
import { raiseAlert, resolveAlert } from '@/lib/server/operator/alerts';
import { tellPlayer } from '@/lib/server/notifications/events';
import { formatMinor, ledgerPrecision } from './amounts';
import { post, type Tx } from './ledger';
import { withdrawalPaid } from '@/lib/server/wallet/events/wallet';

type Withdrawal = typeof withdrawals.$inferSelect;

/**
 * How every payout starts and ends, whoever sends it (the hot wallet or a custodian). Each keeps
 * its own attempts table and marks its row in the same database transaction as the withdrawal.
 */

/**
 * Opens the next payout attempt of an approved withdrawal, in one transaction: the withdrawal row
 * locked while still approved and no release asked for, and nothing in flight for it (its last
 * attempt failed, or it has none). `insert` writes attempt number `attempt`. Null when another
 * pass (or an operator's release) got there first.
 */
export async function openAttempt<R>(
  withdrawalId: string,
  lastAttempt: (tx: Tx) => Promise<{ attempt: number; status: string } | undefined>,
  insert: (tx: Tx, attempt: number) => Promise<R>,
): Promise<R | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [still] = await tx
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.id, withdrawalId),
          eq(withdrawals.status, 'approved'),
          isNull(withdrawals.releaseRequestedAt),
        ),
      )
      .for('update');
    if (!still) return null;
    const last = await lastAttempt(tx);
    if (last && last.status !== 'failed') return null;
    return insert(tx, (last?.attempt ?? 0) + 1);
  });
}

/**
 * Paid: the hold leaves the player's held balance for the house's withdrawals (the amount) and
 * fees (the fee), with the withdrawal marked paid in the same transaction (a conditional update:
 * paid once).
 */
export async function markPaid(
  w: Withdrawal,
  meta: { txHash: string | null; network: string },
  alsoInTx: (tx: Tx) => Promise<void>,
) {
  await post(
    {
      type: 'withdrawal',
      scope: 'payout',
      key: w.id,
      userId: w.userId,
      lines: [
        {
          account: { userId: w.userId, currency: w.currency, kind: 'held' },
          amount: -(w.amount + w.fee),
        },
        { account: { house: 'withdrawals', currency: w.currency }, amount: w.amount },
        ...(w.fee > BigInt(0)
          ? [{ account: { house: 'fees' as const, currency: w.currency }, amount: w.fee }]
          : []),
      ],
      meta: { withdrawalId: w.id, ...meta },
    },
    {
      inTransaction: async (tx, transactionId) => {
        const done = await tx
          .update(withdrawals)
          .set({ status: 'paid', updatedAt: new Date() })
          .where(and(eq(withdrawals.id, w.id), eq(withdrawals.status, 'approved')))
          .returning({ id: withdrawals.id });
        if (!done.length) throw new Error('withdrawal no longer approved');
        await withdrawalPaid(tx, w, transactionId);
        await alsoInTx(tx);
      },
    },
  );
  tellPaymentsTeam({ id: w.id, status: 'paid' });
  await resolveAlert('payout.short', `withdrawal:${w.id}`);
  const decimals = (await ledgerPrecision()).get(w.currency) ?? 8;
  await tellPlayer(w.userId, 'withdrawalPaid', {
    amount: formatMinor(w.amount, decimals),
    currency: w.currency,
  });
}

/**
 * Failed (reverted on chain, refused by the custodian): the withdrawal waits for an operator to
 * retry or release it; the hold stays where it is until then. The withdrawal row is locked before
 * the attempt's, the order every outcome takes (review B23).
 */
export async function markFailed(
  withdrawalId: string,
  reason: string,
  txHash: string | null,
  alsoInTx?: (tx: Tx) => Promise<void>,
) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx
      .update(withdrawals)
      .set({ status: 'failed', reason, updatedAt: new Date() })
      .where(and(eq(withdrawals.id, withdrawalId), eq(withdrawals.status, 'approved')));
    await alsoInTx?.(tx);
  });
  tellPaymentsTeam({ id: withdrawalId, status: 'failed' });
  await raiseAlert('payout.failed', `withdrawal:${withdrawalId}`, `Payout ${reason}`, { txHash });
}
