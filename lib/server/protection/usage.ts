import 'server-only';
import { sql } from 'drizzle-orm';
import { limitPeriodMs, limitPeriods, type LimitPeriod } from '@/lib/schemas/protection';
import { getDb } from '@/lib/server/db';
import type { Tx } from '@/lib/server/wallet/ledger';
import { ledgerPrecision } from '@/lib/server/wallet/amounts';
import type { Rates } from '@/lib/schemas/rates';
import { currentRates } from '@/lib/server/wallet/rates';

/**
 * What a player deposited, staked and won over a window, in USD. `wager` is real money staked,
 * `bonusWager` bonus money staked, `returned` stakes given back (a void, a refund).
 */
export type Usage = {
  deposit: number;
  wager: number;
  bonusWager: number;
  win: number;
  returned: number;
};
export type UsageByPeriod = Record<LimitPeriod, Usage>;

const empty = (): Usage => ({ deposit: 0, wager: 0, bonusWager: 0, win: 0, returned: 0 });

const HOUR_MS = 3_600_000;

/**
 * Where a window starts: on the hour, so it is a whole number of the hourly counters. A 24-hour
 * window holds the current hour and the 23 before it — between 23 and 24 hours of play.
 */
export function windowStart(now: number, periodMs: number): Date {
  return new Date(Math.floor(now / HOUR_MS) * HOUR_MS - periodMs + HOUR_MS);
}

type Row = {
  period: string;
  currency: string;
  wager: string;
  bonus_wager: string;
  win: string;
  deposit: string;
  returned: string;
};

/**
 * Sums the player's hourly counters (`usage_hours`, written by every posting under the player's
 * lock) over each window — at most 720 rows for 30 days — each currency at the rates given (read
 * before the posting's transaction opened) or today's.
 */
async function sums(
  userId: string,
  windows: Array<{ name: string; since: Date }>,
  tx?: Tx,
  rates?: Rates,
): Promise<Map<string, Usage>> {
  const oldest = windows.reduce((a, w) => (w.since < a ? w.since : a), windows[0]!.since);
  const cases = windows.map(
    (w) => sql`SELECT ${w.name}::text AS period, ${w.since.toISOString()}::timestamptz AS since`,
  );
  const query = sql`
    WITH windows AS (${sql.join(cases, sql` UNION ALL `)})
    SELECT w.period, u.currency, sum(u.wager)::text AS wager, sum(u.bonus_wager)::text AS bonus_wager,
      sum(u.win)::text AS win, sum(u.deposit)::text AS deposit, sum(u.returned)::text AS returned
    FROM usage_hours u JOIN windows w ON u.hour >= w.since
    WHERE u.user_id = ${userId} AND u.hour >= ${oldest.toISOString()}::timestamptz
    GROUP BY w.period, u.currency`;
  const runner = tx ?? (await getDb());
  const { rows } = (await runner.execute(query)) as { rows: Row[] };
  const [table, decimals] = await Promise.all([
    rates ? Promise.resolve(rates) : currentRates(),
    ledgerPrecision(tx),
  ]);
  const out = new Map(windows.map((w) => [w.name, empty()]));
  for (const row of rows) {
    const usage = out.get(row.period);
    if (!usage) continue;
    const price = table.rates[row.currency]?.USD ?? 0;
    const scale = 10 ** (decimals.get(row.currency) ?? 0);
    const usd = (minor: string) => (Number(minor) / scale) * price;
    usage.wager += usd(row.wager);
    usage.bonusWager += usd(row.bonus_wager);
    usage.win += usd(row.win);
    usage.deposit += usd(row.deposit);
    usage.returned += usd(row.returned);
  }
  return out;
}

/** Usage over the last 24 hours, 7 days and 30 days, each to the hour. */
export async function usageByPeriod(
  userId: string,
  tx?: Tx,
  now = Date.now(),
  rates?: Rates,
): Promise<UsageByPeriod> {
  const windows = limitPeriods.map((name) => ({
    name,
    since: windowStart(now, limitPeriodMs[name]),
  }));
  const found = await sums(userId, windows, tx, rates);
  return {
    day: found.get('day') ?? empty(),
    week: found.get('week') ?? empty(),
    month: found.get('month') ?? empty(),
  };
}

/** Usage since one moment, from the start of its hour (the reality check's session). */
export async function usageSince(userId: string, since: Date): Promise<Usage> {
  const start = new Date(Math.floor(since.getTime() / HOUR_MS) * HOUR_MS);
  return (await sums(userId, [{ name: 'since', since: start }])).get('since') ?? empty();
}

/** What counts toward a wager limit: every stake, real or bonus, less the stakes given back. */
export const wageredOf = (usage: Usage) =>
  Math.max(0, usage.wager + usage.bonusWager - usage.returned);

/**
 * Net loss to the house: real money staked, less stakes given back and returns (never below zero
 * for a limit). Bonus stakes never count toward a loss (docs/player-protection.md).
 */
export const lossOf = (usage: Usage) => Math.max(0, usage.wager - usage.returned - usage.win);
