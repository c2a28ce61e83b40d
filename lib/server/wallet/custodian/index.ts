import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import { config } from '@/lib/config';
import type { Network } from '@/lib/schemas/networks';
import { depositSchema, type Deposit, type DepositStatus } from '@/lib/schemas/wallet';
import { getDb } from '@/lib/server/db';
import { custodianAddresses, custodianPayments } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { tellPlayer } from '@/lib/server/notifications/events';
import { raiseAlert } from '@/lib/server/operator/alerts';
import { emitToPlayer } from '@/lib/server/realtime';
import { formatMinor, ledgerPrecision, parseMinor, truncateDecimal } from '../amounts';
import { depositMinimum } from '../currency-rules';
import { explorerTxUrl } from '../explorers';
import { post } from '../ledger';
import { nowPayments } from './nowpayments';
import type { Custodian } from './types';
import { depositCredited } from '@/lib/server/wallet/events/wallet';

/** The configured custodian (with its keys), or null: its networks then take no deposits. */
export function custodian(): Custodian | null {
  if (
    config.CUSTODIAN === 'nowpayments' &&
    config.NOWPAYMENTS_API_KEY &&
    config.NOWPAYMENTS_IPN_SECRET
  ) {
    return nowPayments;
  }
  return null;
}

/**
 * The player's custodian address for a currency on a network: kept while its payment can still
 * take money (younger than the provider's address lifetime, not expired), then a new one is
 * opened. Two requests at once open at most one: the generation is unique per player and pair.
 */
export async function custodianAddress(
  provider: Custodian,
  userId: string,
  currency: string,
  network: Network,
): Promise<string> {
  const db = await getDb();
  const mine = and(
    eq(custodianAddresses.userId, userId),
    eq(custodianAddresses.provider, provider.id),
    eq(custodianAddresses.currency, currency),
    eq(custodianAddresses.network, network),
  );
  const latest = async () =>
    (
      await db
        .select({
          address: custodianAddresses.address,
          generation: custodianAddresses.generation,
          createdAt: custodianAddresses.createdAt,
          state: custodianPayments.state,
        })
        .from(custodianAddresses)
        .leftJoin(
          custodianPayments,
          and(
            eq(custodianPayments.provider, custodianAddresses.provider),
            eq(custodianPayments.paymentId, custodianAddresses.paymentId),
          ),
        )
        .where(mine)
        .orderBy(desc(custodianAddresses.generation))
        .limit(1)
    )[0];
  const current = await latest();
  const fresh =
    current &&
    current.state !== 'void' &&
    Date.now() - current.createdAt.getTime() < provider.addressDays * 86_400_000;
  if (current && fresh) return current.address;
  const generation = (current?.generation ?? 0) + 1;
  const opened = await provider.openAddress(
    `${userId}:${currency}:${network}:${generation}`,
    currency,
    network,
  );
  await db
    .insert(custodianAddresses)
    .values({ userId, provider: provider.id, currency, network, generation, ...opened })
    .onConflictDoNothing();
  return (await latest())!.address;
}

/** The player's custodian payments as deposits: open ones pending, credited, or void (failed). */
export async function custodianDeposits(userId: string): Promise<Deposit[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(custodianPayments)
    .where(eq(custodianPayments.userId, userId))
    .orderBy(desc(custodianPayments.createdAt))
    .limit(100);
  if (!rows.length) return [];
  const decimals = await ledgerPrecision();
  return rows.map((row) => {
    const status: DepositStatus = row.creditTransactionId
      ? 'credited'
      : row.state === 'void'
        ? 'failed'
        : row.state === 'credit'
          ? 'below_minimum'
          : 'pending';
    return depositSchema.parse({
      id: row.id,
      currency: row.currency,
      network: row.network,
      amount: formatMinor(row.amount ?? BigInt(0), decimals.get(row.currency) ?? 8),
      txHash: row.txHash ?? '',
      explorerUrl: explorerTxUrl(row.network, row.txHash ?? null),
      status,
      // The custodian counts confirmations itself: pending until its final word.
      confirmations: status === 'pending' ? 0 : 1,
      confirmationsRequired: 1,
      createdAt: row.createdAt.toISOString(),
    });
  });
}

/**
 * A custodian's webhook: signature first (else 401, nothing read), then the payment re-read from the
 * provider's API; only that answer counts. The payment is recorded with its latest status; on a
 * final one it is credited once for what actually arrived (one posting per provider payment id,
 * with a conditional update inside it), so repeated or replayed callbacks credit nothing more.
 */
export async function receiveWebhook(providerId: string, body: unknown, headers: Headers) {
  const provider = custodian();
  if (!provider || provider.id !== providerId) throw new ApiError('NOT_FOUND');
  if (!provider.verifyWebhook(body, headers)) throw new ApiError('INVALID_SIGNATURE');
  // A payout's callback (it names a batch, not a payment): that payout is moved on from the API.
  const batchId = provider.payouts()?.batchIdOf(body);
  if (batchId) {
    const { settleCustodianBatch } = await import('./payouts');
    await settleCustodianBatch(provider, batchId);
    return { received: true, credited: false };
  }
  const paymentId = provider.paymentIdOf(body);
  if (!paymentId) throw new ApiError('VALIDATION_ERROR', 'payment_id');
  const payment = await provider.payment(paymentId);
  if (!payment) return { received: true, credited: false };
  const db = await getDb();
  const [owner] = await db
    .select()
    .from(custodianAddresses)
    .where(
      and(
        eq(custodianAddresses.provider, provider.id),
        eq(custodianAddresses.address, payment.address),
        eq(custodianAddresses.currency, payment.currency),
      ),
    );
  // Not one of our players' addresses: acknowledged, nothing else.
  if (!owner) return { received: true, credited: false };
  const decimals = (await ledgerPrecision()).get(payment.currency) ?? 8;
  const amount = parseMinor(truncateDecimal(payment.received, decimals), decimals);
  const seen = {
    status: payment.status,
    state: payment.state,
    amount,
    txHash: payment.hash,
  };
  const [recorded] = await db
    .insert(custodianPayments)
    .values({
      provider: provider.id,
      paymentId,
      userId: owner.userId,
      currency: payment.currency,
      network: payment.network,
      ...seen,
    })
    .onConflictDoUpdate({
      target: [custodianPayments.provider, custodianPayments.paymentId],
      set: { ...seen, updatedAt: sql`now()` },
      setWhere: sql`${custodianPayments.creditTransactionId} IS NULL`,
    })
    .returning();
  if (recorded) emitToPlayer(owner.userId, 'deposit', { paymentId });
  if (!recorded) {
    await alertIfGrown(provider.id, paymentId, amount);
    return { received: true, credited: false };
  }
  if (payment.state !== 'credit') return { received: true, credited: false };

  const minimum = parseMinor(depositMinimum(payment.currency) ?? '0', decimals);
  if (amount <= BigInt(0) || amount < minimum) return { received: true, credited: false };
  let credited = false;
  let withdrawOnly = false;
  await post(
    {
      type: 'deposit',
      scope: `custodian:${provider.id}`,
      key: paymentId,
      userId: owner.userId,
      lines: [
        { account: { house: 'deposits', currency: payment.currency }, amount: -amount },
        { account: { userId: owner.userId, currency: payment.currency }, amount },
      ],
      meta: { network: payment.network, custodian: provider.id, paymentId },
    },
    {
      inTransaction: async (tx, transactionId, posted) => {
        const done = await tx
          .update(custodianPayments)
          .set({ creditTransactionId: transactionId, updatedAt: sql`now()` })
          .where(
            and(
              eq(custodianPayments.id, recorded.id),
              sql`${custodianPayments.creditTransactionId} IS NULL`,
            ),
          )
          .returning({ id: custodianPayments.id });
        credited = done.length > 0;
        if (!credited) throw new AlreadyCredited();
        await depositCredited(tx, {
          userId: owner.userId,
          currency: payment.currency,
          amount,
          withdrawOnly: posted.withdrawOnly ?? false,
          source: `custodian:${provider.id}`,
          transactionId,
        });
      },
    },
  )
    .then((posted) => {
      withdrawOnly = posted.withdrawOnly ?? false;
    })
    .catch((error: unknown) => {
      if (!(error instanceof AlreadyCredited)) throw error;
    });
  if (credited) {
    emitToPlayer(owner.userId, 'deposit', { paymentId });
    await tellPlayer(owner.userId, withdrawOnly ? 'depositWithdrawOnly' : 'depositCredited', {
      amount: formatMinor(amount, decimals),
      currency: payment.currency,
    });
  }
  return { received: true, credited };
}

class AlreadyCredited extends Error {}

/**
 * A payment already credited that now reports more received (review B21). NOWPayments books a
 * repeated transfer to the same address as a payment of its own (its "repeated payments"
 * setting), which is credited by its own id; should more still land on the credited payment, it
 * is not credited twice by itself but shown to the payments team with the figures.
 */
async function alertIfGrown(providerId: string, paymentId: string, received: bigint) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(custodianPayments)
    .where(
      and(eq(custodianPayments.provider, providerId), eq(custodianPayments.paymentId, paymentId)),
    );
  if (!row?.creditTransactionId || received <= (row.amount ?? BigInt(0))) return;
  const decimals = (await ledgerPrecision()).get(row.currency) ?? 8;
  await raiseAlert(
    'deposit.grew',
    `custodian-payment:${providerId}:${paymentId}`,
    `${providerId} payment ${paymentId} was credited ${formatMinor(row.amount ?? BigInt(0), decimals)} ${row.currency} and now reports ${formatMinor(received, decimals)}: credit the difference by hand if it arrived`,
    {
      userId: row.userId,
      currency: row.currency,
      credited: formatMinor(row.amount ?? BigInt(0), decimals),
      received: formatMinor(received, decimals),
    },
  );
}
