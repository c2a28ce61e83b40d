import 'server-only';
import {
  reportProducts,
  type Report,
  type ReportDay,
  type ReportPlayer,
  type ReportProduct,
  type ReportQuery,
} from '@/lib/schemas/reports';
import { getDbHandle } from '@/lib/server/db';
import { formatMinor, ledgerPrecision } from '@/lib/server/wallet/amounts';
import { snapshotsBetween, type DayRates } from './rate-snapshots';

/** A player's real money: what a bonus stake or win moves (the `bonus` kind) is not. */
const REAL_KINDS = ['available', 'withdraw_only', 'stake', 'receivable'];
const DAY = `to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

type Amount = { day: string; currency: string; amount: string };
type Sql = Awaited<ReturnType<typeof getDbHandle>>['sql'];

/** The instants a range of UTC days covers: from its first 00:00 to the 00:00 after its last. */
const bounds = (q: ReportQuery) => [
  new Date(`${q.from}T00:00:00Z`),
  new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000),
];

const daysOf = (q: ReportQuery) => {
  const days: string[] = [];
  for (let t = Date.parse(`${q.from}T00:00:00Z`); t <= Date.parse(`${q.to}T00:00:00Z`); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
};

/**
 * Each product's settled bets as the players' side of them: per product, day, currency and
 * player, minus the sum of the player's real-money entries in postings that touched the product's
 * house account (all its slots). A stake the house took counts plus, a return paid minus; a bonus
 * stake or win, never; a resettlement on the day it was posted.
 */
async function productRows(sql: Sql, from: Date, to: Date) {
  const { rows } = await sql(
    `WITH product_tx AS (
       SELECT DISTINCT e.transaction_id, a.house AS product
       FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
       WHERE a.house = ANY($3) AND e.created_at >= $1 AND e.created_at < $2
     )
     SELECT p.product, ${DAY} AS day, e.currency, a.user_id, (-sum(e.amount))::text AS amount
     FROM product_tx p
     JOIN ledger_entries e ON e.transaction_id = p.transaction_id
     JOIN ledger_accounts a ON a.id = e.account_id
     WHERE a.user_id IS NOT NULL AND a.kind = ANY($4)
     GROUP BY 1, 2, 3, 4`,
    [from, to, [...reportProducts], REAL_KINDS],
  );
  return rows as Array<Amount & { product: ReportProduct; user_id: string }>;
}

/** What a house account's entries (all slots) came to per day and currency, with the postings' players. */
async function houseRows(
  sql: Sql,
  from: Date,
  to: Date,
  house: string,
  where = 'TRUE',
): Promise<Array<Amount & { user_id: string | null; postings: number }>> {
  const { rows } = await sql(
    `SELECT ${DAY} AS day, e.currency, t.user_id, sum(e.amount)::text AS amount,
        count(DISTINCT t.id)::int AS postings
     FROM ledger_entries e
     JOIN ledger_accounts a ON a.id = e.account_id
     JOIN ledger_transactions t ON t.id = e.transaction_id
     WHERE a.house = $3 AND e.created_at >= $1 AND e.created_at < $2 AND ${where}
     GROUP BY 1, 2, 3`,
    [from, to, house],
  );
  return rows as Array<Amount & { user_id: string | null; postings: number }>;
}

async function countsByDay(sql: Sql, text: string, from: Date, to: Date) {
  const { rows } = await sql(text, [from, to]);
  return new Map((rows as Array<{ day: string; n: number }>).map((r) => [r.day, Number(r.n)]));
}

/** Cents as the API writes USD: "-12.50". */
export const usdText = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/**
 * The day's report and the players' one over a range of UTC days, in USD at each day's snapshot
 * (a day priced from the indicative table is marked; a currency without a price that day is named
 * and counted as 0). GGR per product; bonus cost is what the `bonus` house account paid out;
 * NGR = GGR − bonus cost.
 */
export async function dailyReport(query: ReportQuery): Promise<Report & { allPlayers: ReportPlayer[] }> {
  const { sql } = await getDbHandle();
  const [from, to] = bounds(query);
  const [precision, snapshots, products, bonus, deposits, withdrawals, first, fresh, people] =
    await Promise.all([
      ledgerPrecision(),
      snapshotsBetween(query.from, query.to),
      productRows(sql, from!, to!),
      houseRows(sql, from!, to!, 'bonus'),
      houseRows(sql, from!, to!, 'deposits', `t.type = 'deposit'`),
      houseRows(sql, from!, to!, 'withdrawals', 'e.amount > 0'),
      countsByDay(
        sql,
        `SELECT to_char(f.first AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS n
         FROM (SELECT user_id, min(created_at) AS first FROM ledger_transactions
               WHERE type = 'deposit' AND user_id IS NOT NULL GROUP BY user_id) f
         WHERE f.first >= $1 AND f.first < $2 GROUP BY 1`,
        from!,
        to!,
      ),
      countsByDay(
        sql,
        `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS n
         FROM users WHERE created_at >= $1 AND created_at < $2 GROUP BY 1`,
        from!,
        to!,
      ),
      sql(`SELECT id, member_no::text AS member_no, username FROM users WHERE id IN (
             SELECT DISTINCT t.user_id FROM ledger_transactions t
             WHERE t.user_id IS NOT NULL AND t.created_at >= $1 AND t.created_at < $2)`, [from, to]),
    ]);
  const days = new Map<string, ReportDay & { cents: Record<string, number> }>();
  const unpriced = new Map<string, Set<string>>();
  const dayOf = (day: string) => {
    let d = days.get(day);
    if (!d) {
      d = blankDay(day, snapshots.get(day));
      days.set(day, d);
    }
    return d;
  };
  /** Minor units of a currency on a day, in US cents at that day's snapshot. */
  const cents = (row: Amount, sign = 1) => {
    const price = snapshots.get(row.day)?.usd.get(row.currency);
    if (price === undefined) {
      unpriced.set(row.day, (unpriced.get(row.day) ?? new Set()).add(row.currency));
      return 0;
    }
    const units = Number(formatMinor(BigInt(row.amount), precision.get(row.currency) ?? 8));
    return Math.round(sign * units * price * 100);
  };
  const byPlayer = new Map<string, { ggr: number; deposits: number; withdrawals: number }>();
  const playerOf = (id: string) => {
    const p = byPlayer.get(id) ?? { ggr: 0, deposits: 0, withdrawals: 0 };
    byPlayer.set(id, p);
    return p;
  };
  const active = new Map<string, Set<string>>();

  for (const row of products) {
    const c = cents(row);
    const d = dayOf(row.day);
    d.cents[row.product] = (d.cents[row.product] ?? 0) + c;
    playerOf(row.user_id).ggr += c;
    active.set(row.day, (active.get(row.day) ?? new Set()).add(row.user_id));
  }
  // The bonus account pays out with entries below zero: its cost is their opposite.
  for (const row of bonus) dayOf(row.day).cents.bonus = (dayOf(row.day).cents.bonus ?? 0) + cents(row, -1);
  for (const row of deposits) {
    const c = cents(row, -1);
    const d = dayOf(row.day);
    d.cents.deposits = (d.cents.deposits ?? 0) + c;
    d.deposits.count += row.postings;
    if (row.user_id) playerOf(row.user_id).deposits += c;
  }
  for (const row of withdrawals) {
    const c = cents(row);
    const d = dayOf(row.day);
    d.cents.withdrawals = (d.cents.withdrawals ?? 0) + c;
    d.withdrawals.count += row.postings;
    if (row.user_id) playerOf(row.user_id).withdrawals += c;
  }

  const report = daysOf(query).map((day) => {
    const d = dayOf(day);
    const ggr = reportProducts.reduce((sum, p) => sum + (d.cents[p] ?? 0), 0);
    const bonusCost = d.cents.bonus ?? 0;
    return {
      day,
      indicative: d.indicative,
      ggr: {
        casino: usdText(d.cents.casino ?? 0),
        originals: usdText(d.cents.originals ?? 0),
        sportsbook: usdText(d.cents.sportsbook ?? 0),
        game: usdText(d.cents.game ?? 0),
        total: usdText(ggr),
      },
      bonusCost: usdText(bonusCost),
      ngr: usdText(ggr - bonusCost),
      activePlayers: active.get(day)?.size ?? 0,
      deposits: { count: d.deposits.count, usd: usdText(d.cents.deposits ?? 0) },
      withdrawals: { count: d.withdrawals.count, usd: usdText(d.cents.withdrawals ?? 0) },
      firstDeposits: first.get(day) ?? 0,
      newPlayers: fresh.get(day) ?? 0,
      unpriced: [...(unpriced.get(day) ?? [])].sort(),
    };
  });
  const names = new Map(
    (people.rows as Array<{ id: string; member_no: string; username: string }>).map((r) => [r.id, r]),
  );
  const allPlayers = [...byPlayer.entries()]
    .map(([userId, p]) => ({
      userId,
      memberId: names.get(userId)?.member_no ?? '',
      username: names.get(userId)?.username ?? '',
      cents: p,
    }))
    .sort((a, b) => b.cents.ggr - a.cents.ggr || a.memberId.localeCompare(b.memberId))
    .map(({ cents: p, ...who }) => ({
      ...who,
      ggr: usdText(p.ggr),
      deposits: usdText(p.deposits),
      withdrawals: usdText(p.withdrawals),
    }));
  return { days: report, players: allPlayers.slice(0, PLAYERS_SHOWN), allPlayers };
}

/** The players the page shows (by GGR); the CSV has them all. */
export const PLAYERS_SHOWN = 100;

function blankDay(day: string, rates: DayRates | undefined) {
  return {
    day,
    ggr: { casino: '0.00', originals: '0.00', sportsbook: '0.00', game: '0.00', total: '0.00' },
    bonusCost: '0.00',
    ngr: '0.00',
    activePlayers: 0,
    deposits: { count: 0, usd: '0.00' },
    withdrawals: { count: 0, usd: '0.00' },
    firstDeposits: 0,
    newPlayers: 0,
    indicative: rates?.indicative ?? false,
    unpriced: [] as string[],
    cents: {} as Record<string, number>,
  };
}
