import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { WalletBalance } from '@/lib/schemas/player';
import { getDb } from '@/lib/server/db';
import { cryptos, ledgerAccounts } from '@/lib/server/db/schema';

/** Minor units as a decimal string: 123456 with 6 decimals is "0.123456". */
export function formatMinor(amount: bigint, decimals: number): string {
  const negative = amount < BigInt(0);
  const digits = (negative ? -amount : amount).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals ? `.${digits.slice(digits.length - decimals)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

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
