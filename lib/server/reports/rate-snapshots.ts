import 'server-only';
import { and, gte, lte, sql } from 'drizzle-orm';
import { logger } from '@/lib/logger';
import { getDb } from '@/lib/server/db';
import { rateSnapshots } from '@/lib/server/db/schema';
import { defineJob } from '@/lib/server/jobs';
import { currentRates } from '@/lib/server/wallet/rates';

/** A UTC day as `YYYY-MM-DD`. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** Seconds from `now` to the next 00:00 UTC (a moment past it, so the day has turned). */
export function secondsToNextUtcDay(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000) + 1);
}

/**
 * Writes the day's USD price of every currency from the rates of the moment: the first snapshot of
 * a day stands (a second server, a restart, a retry change nothing). Taken from the built-in
 * indicative table, the day is marked `indicative`.
 */
export async function snapshotRates(day = utcDay(new Date())): Promise<number> {
  const rates = await currentRates();
  const rows = Object.entries(rates.rates).map(([symbol, prices]) => ({
    day,
    symbol,
    usd: String(prices.USD),
    source: rates.source,
  }));
  if (!rows.length) return 0;
  const db = await getDb();
  const written = await db
    .insert(rateSnapshots)
    .values(rows)
    .onConflictDoNothing()
    .returning({ symbol: rateSnapshots.symbol });
  return written.length;
}

export type DayRates = { usd: Map<string, number>; indicative: boolean };

/** The snapshots of a range of UTC days, by day: each currency's USD price and the day's source. */
export async function snapshotsBetween(from: string, to: string): Promise<Map<string, DayRates>> {
  const db = await getDb();
  const rows = await db
    .select({
      day: rateSnapshots.day,
      symbol: rateSnapshots.symbol,
      usd: sql<string>`${rateSnapshots.usd}::text`,
      source: rateSnapshots.source,
    })
    .from(rateSnapshots)
    .where(and(gte(rateSnapshots.day, from), lte(rateSnapshots.day, to)));
  const days = new Map<string, DayRates>();
  for (const row of rows) {
    const day = days.get(row.day) ?? { usd: new Map(), indicative: false };
    day.usd.set(row.symbol, Number(row.usd));
    if (row.source === 'indicative') day.indicative = true;
    days.set(row.day, day);
  }
  return days;
}

/** One loop for the deployment: today's snapshot, then again just past each 00:00 UTC. */
const snapshotJob = defineJob<Record<string, never>>(
  'reports.rate-snapshot',
  async () => {
    try {
      await snapshotRates();
    } catch (err) {
      logger.error({ err }, 'rate snapshot failed; the next day takes its own');
    }
    await snapshotJob.enqueue(
      {},
      { startAfter: secondsToNextUtcDay(new Date()), singletonKey: 'daily' },
    );
  },
  { retryLimit: 2, policy: 'stately', expireInSeconds: 300 },
);

/**
 * At server start: today's snapshot if the day has none yet (a server down at midnight), and the
 * loop that takes the next ones.
 */
export async function startRateSnapshots(): Promise<void> {
  await snapshotRates().catch((err: unknown) =>
    logger.error({ err }, "today's rate snapshot failed at start; the daily job retries"),
  );
  await snapshotJob.enqueue(
    {},
    { startAfter: secondsToNextUtcDay(new Date()), singletonKey: 'daily' },
  );
}
