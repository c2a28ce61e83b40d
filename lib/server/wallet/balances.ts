import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { WalletBalance } from '@/lib/schemas/player';
import { getDb } from '@/lib/server/db';
import { cryptos, ledgerAccounts } from '@/lib/server/db/schema';
import { formatMinor } from './amounts';

/** Wallet user balances: every enabled currency's available balance, zero where the player holds none. */
export async function balancesOf(userId: string): Promise<WalletBalance[]> {
  const db = await getDb();
  const rows = await db
    .select({
      currency: cryptos.symbol,
      decimals: cryptos.decimals,
      amount: ledgerAccounts.balance,
    })
    .from(cryptos)
    .leftJoin(
      ledgerAccounts,
      and(
        eq(ledgerAccounts.currency, cryptos.symbol),
        eq(ledgerAccounts.owner, `player:${userId}`),
        eq(ledgerAccounts.kind, 'available'),
      ),
    )
    .where(eq(cryptos.enabled, true))
    .orderBy(asc(cryptos.sortOrder));
  return rows.map((r) => ({
    currency: r.currency,
    amount: formatMinor(r.amount ?? BigInt(0), r.decimals),
  }));
}
