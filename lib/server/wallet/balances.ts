import 'server-only';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { WalletBalance } from '@/lib/schemas/player';
import { getDb } from '@/lib/server/db';
import { prepared } from '@/lib/server/db/prepared';
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

const withdrawOnly = alias(ledgerAccounts, 'withdraw_only');

/** Every enabled currency with the player's available (and withdraw-only) balance: one prepared statement. */
const balancesStatement = prepared((db) =>
  db
    .select({
      symbol: cryptos.symbol,
      decimals: cryptos.decimals,
      balance: ledgerAccounts.balance,
      withdrawOnly: withdrawOnly.balance,
    })
    .from(cryptos)
    .leftJoin(
      ledgerAccounts,
      and(
        eq(ledgerAccounts.currency, cryptos.symbol),
        eq(ledgerAccounts.userId, sql.placeholder('userId')),
        eq(ledgerAccounts.kind, 'available'),
      ),
    )
    .leftJoin(
      withdrawOnly,
      and(
        eq(withdrawOnly.currency, cryptos.symbol),
        eq(withdrawOnly.userId, sql.placeholder('userId')),
        eq(withdrawOnly.kind, 'withdraw_only'),
      ),
    )
    .where(eq(cryptos.enabled, true))
    .orderBy(asc(cryptos.sortOrder))
    .prepare('wallet_balances_of'),
);

/**
 * Wallet user balances: every enabled currency's available balance, zero where the player holds
 * none, and the withdraw-only balance where there is one (a deposit past a limit or during a
 * break). The header asks on every page and after every posting: the hottest read of the wallet.
 */
export async function balancesOf(userId: string): Promise<WalletBalance[]> {
  const rows = await (await balancesStatement()).execute({ userId });
  return rows.map((c) => ({
    currency: c.symbol,
    amount: formatMinor(c.balance ?? BigInt(0), c.decimals),
    ...(c.withdrawOnly ? { withdrawOnly: formatMinor(c.withdrawOnly, c.decimals) } : {}),
  }));
}
