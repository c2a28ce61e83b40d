import 'server-only';
import { sql } from 'drizzle-orm';
import { limitPeriodMs, limitPeriods, type LimitPeriod } from '@/lib/schemas/protection';
import { getDb } from '@/lib/server/db';
import type { Tx } from '@/lib/server/wallet/ledger';
import { ledgerPrecision } from '@/lib/server/wallet/amounts';
import { currentRates } from '@/lib/server/wallet/rates';

/** What a player deposited, wagered and won over a window, in USD. */
export type Usage = { deposit: number; wager: number; win: number };
export type UsageByPeriod = Record<LimitPeriod, Usage>;

const empty = (): Usage => ({ deposit: 0, wager: 0, win: 0 });

type Row = { period: string; type: string; currency: string; total: string | null };

/**
 * Sums the player's deposits (credits), wagers (stakes taken from the available balance) and wins
 * over each rolling period — or since one moment — in one query over their ledger, each currency
 * counted in USD at today's rate. Run inside a posting's transaction, it sees every posting
 * committed before the player's row was locked, so two bets at once are counted one after the other.
 */
async function sums(
  userId: string,
  windows: Array<{ name: string; since: Date }>,
  tx?: Tx,
): Promise<Map<string, Usage>> {
  const oldest = windows.reduce((a, w) => (w.since < a ? w.since : a), windows[0]!.since);
  const cases = windows.map(
    (w) => sql`SELECT ${w.name}::text AS period, ${w.since.toISOString()}::timestamptz AS since`,
  );
  const query = sql`
    WITH windows AS (${sql.join(cases, sql` UNION ALL `)})
    SELECT w.period, t.type, e.currency, sum(
      CASE WHEN t.type = 'bet' THEN -e.amount ELSE e.amount END
    )::text AS total
    FROM ledger_transactions t
    JOIN ledger_entries e ON e.transaction_id = t.id
    JOIN ledger_accounts a ON a.id = e.account_id
    JOIN windows w ON t.created_at >= w.since
    WHERE t.user_id = ${userId}
      AND a.user_id = ${userId}
      AND t.type IN ('deposit', 'bet', 'win')
      AND t.created_at >= ${oldest.toISOString()}::timestamptz
      AND (
        (t.type = 'deposit' AND e.amount > 0)
        OR (t.type = 'bet' AND e.amount < 0 AND a.kind = 'available')
        OR (t.type = 'win' AND e.amount > 0)
      )
    GROUP BY w.period, t.type, e.currency`;
  const runner = tx ?? (await getDb());
  const { rows } = (await runner.execute(query)) as { rows: Row[] };
  const [rates, decimals] = await Promise.all([currentRates(), ledgerPrecision(tx)]);
  const out = new Map(windows.map((w) => [w.name, empty()]));
  for (const row of rows) {
    const usage = out.get(row.period);
    const price = rates.rates[row.currency]?.USD ?? 0;
    if (!usage || !row.total) continue;
    const value = (Number(row.total) / 10 ** (decimals.get(row.currency) ?? 0)) * price;
    const key = row.type === 'bet' ? 'wager' : (row.type as 'deposit' | 'win');
    usage[key] += value;
  }
  return out;
}

/** Usage over the last 24 hours, 7 days and 30 days. */
export async function usageByPeriod(
  userId: string,
  tx?: Tx,
  now = Date.now(),
): Promise<UsageByPeriod> {
  const windows = limitPeriods.map((name) => ({
    name,
    since: new Date(now - limitPeriodMs[name]),
  }));
  const found = await sums(userId, windows, tx);
  return {
    day: found.get('day') ?? empty(),
    week: found.get('week') ?? empty(),
    month: found.get('month') ?? empty(),
  };
}

/** Usage since one moment (the reality check's session). */
export async function usageSince(userId: string, since: Date): Promise<Usage> {
  return (await sums(userId, [{ name: 'since', since }])).get('since') ?? empty();
}

/** Net loss to the house: what was wagered less what was won (never below zero for a limit). */
export const lossOf = (usage: Usage) => Math.max(0, usage.wager - usage.win);
