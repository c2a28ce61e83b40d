import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { UsageDelta } from '@/lib/server/wallet/ledger-stakes';

/**
 * The statement that adds postings' movements to their players' counters for this hour: run by the
 * posting (in its transaction, under the players' locks, in the same round trip as its entries), so
 * a limit check sums these rows, never the ledger itself. None when nothing counts.
 */
export function countUsage(
  rows: Array<{ userId: string; currency: string; delta: UsageDelta }>,
): SQL | null {
  const moved = rows.filter(({ delta }) => Object.values(delta).some((v) => v !== BigInt(0)));
  if (!moved.length) return null;
  const values = moved.map(
    ({ userId, currency, delta: d }) =>
      sql`(${userId}::uuid, ${currency}, date_trunc('hour', now()), ${d.wager.toString()}::numeric,
        ${d.bonusWager.toString()}::numeric, ${d.win.toString()}::numeric,
        ${d.deposit.toString()}::numeric, ${d.returned.toString()}::numeric)`,
  );
  return sql`
    INSERT INTO usage_hours (user_id, currency, hour, wager, bonus_wager, win, deposit, returned)
    VALUES ${sql.join(values, sql`, `)}
    ON CONFLICT (user_id, currency, hour) DO UPDATE SET
      wager = usage_hours.wager + excluded.wager,
      bonus_wager = usage_hours.bonus_wager + excluded.bonus_wager,
      win = usage_hours.win + excluded.win,
      deposit = usage_hours.deposit + excluded.deposit,
      returned = usage_hours.returned + excluded.returned`;
}
