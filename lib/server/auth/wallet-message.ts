import 'server-only';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { getDb } from '@/lib/server/db';
import { authNonces, type LoginType } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';

export const WALLET_MESSAGE_TTL_MS = 5 * 60_000;

/** Keeps a wallet sign-in message and its nonce until step 2 uses it (once) or it expires. */
export async function storeWalletMessage(row: {
  nonce: string;
  chain: 'evm' | 'solana';
  address: string;
  message: string;
  loginType: LoginType;
  promotionCode?: string;
  twoFactorCode?: string;
  /** Linking a wallet to this signed-in player rather than signing in with it. */
  userId?: string;
  expiresAt: Date;
}): Promise<void> {
  const db = await getDb();
  await db.delete(authNonces).where(lt(authNonces.expiresAt, new Date()));
  await db.insert(authNonces).values(row);
}

/**
 * Uses up the stored message step 2 names: it must be the very text step 1 gave out for this
 * address (so a tampered message or another domain never matches), unexpired and unused.
 */
export async function consumeWalletMessage(input: {
  chain: 'evm' | 'solana';
  address: string;
  message: string;
  nonce: string | undefined;
  /** The player a link message was made for; sign-in messages have none. */
  userId?: string;
}) {
  if (!input.nonce) throw new ApiError('INVALID_WALLET_MESSAGE');
  const db = await getDb();
  const [row] = await db
    .update(authNonces)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(authNonces.nonce, input.nonce),
        eq(authNonces.chain, input.chain),
        isNull(authNonces.consumedAt),
        gt(authNonces.expiresAt, new Date()),
      ),
    )
    .returning();
  if (
    !row ||
    row.message !== input.message ||
    row.address !== input.address ||
    (row.userId ?? undefined) !== input.userId
  ) {
    throw new ApiError('INVALID_WALLET_MESSAGE');
  }
  return row;
}
