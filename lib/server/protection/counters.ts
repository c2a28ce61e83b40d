import 'server-only';
import { sql } from 'drizzle-orm';
import type { Tx } from '@/lib/server/wallet/ledger';
import type { UsageDelta } from '@/lib/server/wallet/ledger-stakes';

/**
 * Adds a posting's movements to the player's counters for this hour, in the posting's transaction
 * and under the player's lock: a limit check sums these rows, never the ledger itself.
 */
export async function countUsage(
  tx: Tx,
  userId: string,
  deltas: Map<string, UsageDelta>,
): Promise<void> {
  const rows = [...deltas].filter(([, d]) => Object.values(d).some((v) => v !== BigInt(0)));
  if (!rows.length) return;
  const values = rows.map(
    ([currency, d]) =>
      sql`(${userId}::uuid, ${currency}, date_trunc('hour', now()), ${d.wager.toString()}::numeric,
        ${d.bonusWager.toString()}::numeric, ${d.win.toString()}::numeric,
        ${d.deposit.toString()}::numeric, ${d.returned.toString()}::numeric)`,
  );
  await tx.execute(sql`
    INSERT INTO usage_hours (user_id, currency, hour, wager, bonus_wager, win, deposit, returned)
    VALUES ${sql.join(values, sql`, `)}
    ON CONFLICT (user_id, currency, hour) DO UPDATE SET
      wager = usage_hours.wager + excluded.wager,
      bonus_wager = usage_hours.bonus_wager + excluded.bonus_wager,
      win = usage_hours.win + excluded.win,
      deposit = usage_hours.deposit + excluded.deposit,
      returned = usage_hours.returned + excluded.returned`);
}
