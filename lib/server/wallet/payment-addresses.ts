import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import {
  PAYMENT_ADDRESSES_MAX,
  savedPaymentAddressSchema,
  type PaymentAddressBody,
} from '@/lib/schemas/wallet';
import { getDb } from '@/lib/server/db';
import { paymentAddresses, users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';

const shown = (row: typeof paymentAddresses.$inferSelect) =>
  savedPaymentAddressSchema.parse({ ...row, createdAt: row.createdAt.toISOString() });

/** The player's card book, oldest first. */
export async function listPaymentAddresses(userId: string) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(paymentAddresses)
    .where(eq(paymentAddresses.userId, userId))
    .orderBy(asc(paymentAddresses.createdAt));
  return rows.map(shown);
}

/**
 * Saves an address (already checked against its network's rule). The count is taken with the
 * player's row locked, so parallel saves cannot pass the limit together; the same address twice
 * on one network is a conflict.
 */
export async function savePaymentAddress(userId: string, body: PaymentAddressBody) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const saved = await tx.$count(paymentAddresses, eq(paymentAddresses.userId, userId));
    if (saved >= PAYMENT_ADDRESSES_MAX) throw new ApiError('RATE_LIMITED', 'payment addresses');
    const [row] = await tx
      .insert(paymentAddresses)
      .values({ userId, ...body })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new ApiError('CONFLICT', 'address');
    return shown(row);
  });
}

/** Deletes one of the player's own addresses; another player's id is simply not found. */
export async function deletePaymentAddress(userId: string, id: string) {
  const db = await getDb();
  const removed = await db
    .delete(paymentAddresses)
    .where(and(eq(paymentAddresses.id, id), eq(paymentAddresses.userId, userId)))
    .returning({ id: paymentAddresses.id });
  if (removed.length === 0) throw new ApiError('NOT_FOUND');
  return { id, deleted: true };
}
