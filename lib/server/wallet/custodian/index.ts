import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { config } from '@/lib/config';
import type { Network } from '@/lib/schemas/networks';
import { getDb } from '@/lib/server/db';
import { custodianAddresses, custodianPayments } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { emitToPlayer } from '@/lib/server/realtime';
import { ledgerPrecision, parseMinor } from '../amounts';
import { depositMinimum } from '../currency-rules';
import { post } from '../ledger';
import { nowPayments } from './nowpayments';
import type { Custodian } from './types';

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

/** The player's custodian address for a currency on a network: opened once, then kept. */
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
  const [existing] = await db.select().from(custodianAddresses).where(mine);
  if (existing) return existing.address;
  const opened = await provider.openAddress(`${userId}:${currency}:${network}`, currency, network);
  await db
    .insert(custodianAddresses)
    .values({ userId, provider: provider.id, currency, network, ...opened })
    .onConflictDoNothing();
  const [row] = await db.select().from(custodianAddresses).where(mine);
  return row!.address;
}

/** Truncates a decimal string to `decimals` places (what arrived beyond ledger precision is not credited). */
const truncate = (value: string, decimals: number) => {
  const [whole = '0', fraction = ''] = value.split('.');
  return decimals ? `${whole}.${fraction.slice(0, decimals).padEnd(decimals, '0')}` : whole;
};

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
  const [recorded] = await db
    .insert(custodianPayments)
    .values({
      provider: provider.id,
      paymentId,
      userId: owner.userId,
      currency: payment.currency,
      network: payment.network,
      status: payment.status,
    })
    .onConflictDoUpdate({
      target: [custodianPayments.provider, custodianPayments.paymentId],
      set: { status: payment.status, updatedAt: sql`now()` },
      setWhere: sql`${custodianPayments.creditTransactionId} IS NULL`,
    })
    .returning();
  if (payment.state !== 'credit' || !recorded) return { received: true, credited: false };

  const decimals = (await ledgerPrecision()).get(payment.currency) ?? 8;
  const amount = parseMinor(truncate(payment.received, decimals), decimals);
  const minimum = parseMinor(depositMinimum(payment.currency) ?? '0', decimals);
  if (amount <= BigInt(0) || amount < minimum) return { received: true, credited: false };
  let credited = false;
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
      inTransaction: async (tx, transactionId) => {
        const done = await tx
          .update(custodianPayments)
          .set({ amount, creditTransactionId: transactionId, updatedAt: sql`now()` })
          .where(
            and(
              eq(custodianPayments.id, recorded.id),
              sql`${custodianPayments.creditTransactionId} IS NULL`,
            ),
          )
          .returning({ id: custodianPayments.id });
        credited = done.length > 0;
        if (!credited) throw new AlreadyCredited();
      },
    },
  ).catch((error: unknown) => {
    if (!(error instanceof AlreadyCredited)) throw error;
  });
  if (credited) emitToPlayer(owner.userId, 'deposit', { paymentId });
  return { received: true, credited };
}

class AlreadyCredited extends Error {}
