import 'server-only';
import { desc, eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/db';
import {
  custodianPayments,
  deposits,
  favoriteGames,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  paymentAddresses,
  playerLimits,
  recentGames,
  sessions,
  signInEvents,
  users,
  withdrawals,
} from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';

/** JSON for a row: bigints as decimal strings (ledger units), moments as ISO strings. */
function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  }
  return value;
}

/**
 * Everything the platform keeps about the player (GDPR art. 15 and 20), as one JSON document:
 * account, settings, sessions, sign-ins, limits, every ledger movement of theirs with its entries,
 * deposits, withdrawals, saved addresses, favourite and recent games. Secrets (the password hash,
 * the 2FA secret, token hashes) are what it never contains.
 */
export async function exportPlayerData(userId: string): Promise<Response> {
  const db = await getDb();
  const [account] = await db.select().from(users).where(eq(users.id, userId));
  if (!account) throw new ApiError('NOT_FOUND');
  const { passwordHash, twoFactorSecret, twoFactorLastStep, ...kept } = account;
  void twoFactorLastStep;
  const [
    sessionRows,
    signIns,
    limits,
    movements,
    chainDeposits,
    custodied,
    withdrawalRows,
    addresses,
    favourites,
    recent,
  ] = await Promise.all([
    db
      .select({
        id: sessions.id,
        loginType: sessions.loginType,
        scope: sessions.scope,
        ip: sessions.ip,
        userAgent: sessions.userAgent,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.createdAt)),
    db
      .select()
      .from(signInEvents)
      .where(eq(signInEvents.userId, userId))
      .orderBy(desc(signInEvents.createdAt)),
    db.select().from(playerLimits).where(eq(playerLimits.userId, userId)),
    db
      .select({
        transactionId: ledgerTransactions.id,
        type: ledgerTransactions.type,
        createdAt: ledgerTransactions.createdAt,
        meta: ledgerTransactions.meta,
        currency: ledgerEntries.currency,
        balance: ledgerAccounts.kind,
        amount: ledgerEntries.amount,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(eq(ledgerAccounts.userId, userId))
      .orderBy(desc(ledgerEntries.createdAt)),
    db.select().from(deposits).where(eq(deposits.userId, userId)),
    db.select().from(custodianPayments).where(eq(custodianPayments.userId, userId)),
    db.select().from(withdrawals).where(eq(withdrawals.userId, userId)),
    db.select().from(paymentAddresses).where(eq(paymentAddresses.userId, userId)),
    db.select().from(favoriteGames).where(eq(favoriteGames.userId, userId)),
    db.select().from(recentGames).where(eq(recentGames.userId, userId)),
  ]);
  const document = plain({
    exportedAt: new Date(),
    account: {
      ...kept,
      hasPassword: Boolean(passwordHash),
      twoFactorConfigured: Boolean(twoFactorSecret),
    },
    sessions: sessionRows,
    signIns,
    limits,
    ledger: movements,
    deposits: chainDeposits,
    custodianPayments: custodied,
    withdrawals: withdrawalRows,
    paymentAddresses: addresses,
    favouriteGames: favourites,
    recentGames: recent,
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(JSON.stringify(document, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="account-${account.memberNo}-${day}.json"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
