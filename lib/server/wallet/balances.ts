import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { WalletBalance } from '@/lib/schemas/player';
import { getDb } from '@/lib/server/db';
import { cryptos, ledgerAccounts } from '@/lib/server/db/schema';
import { formatMinor } from './amounts';

/** The ledger accounts of these players (in these currencies, if given), with each precision. */
export async function playerAccounts(userIds: string[], currencies?: string[]) {
  const db = await getDb();
  return db
    .select({
      userId: ledgerAccounts.userId,
      currency: ledgerAccounts.currency,
      kind: ledgerAccounts.kind,
      balance: ledgerAccounts.balance,
      decimals: cryptos.decimals,
    })
    .from(ledgerAccounts)
    .innerJoin(cryptos, eq(cryptos.symbol, ledgerAccounts.currency))
    .where(
      and(
        inArray(ledgerAccounts.userId, userIds),
        currencies ? inArray(ledgerAccounts.currency, currencies) : undefined,
      ),
    );
}

/** Wallet user balances: every enabled currency's available balance, zero where the player holds none. */
export async function balancesOf(userId: string): Promise<WalletBalance[]> {
  const db = await getDb();
  const [enabled, accounts] = await Promise.all([
    db
      .select({ symbol: cryptos.symbol, decimals: cryptos.decimals })
      .from(cryptos)
      .where(eq(cryptos.enabled, true))
      .orderBy(asc(cryptos.sortOrder)),
    playerAccounts([userId]),
  ]);
  const available = new Map(
    accounts.filter((a) => a.kind === 'available').map((a) => [a.currency, a.balance]),
  );
  return enabled.map((c) => ({
    currency: c.symbol,
    amount: formatMinor(available.get(c.symbol) ?? BigInt(0), c.decimals),
  }));
}
