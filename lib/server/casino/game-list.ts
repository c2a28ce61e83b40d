import 'server-only';
import { sql } from 'drizzle-orm';
import { logger } from '@/lib/logger';
import { getDb } from '@/lib/server/db';
import { clearCatalogCache } from '@/lib/server/games/cache';
import { casinoProvider } from './launch';

/**
 * The aggregator's game list, kept on the catalog's rows: which titles it plays (the others keep
 * the demo frame), its category for each, and the RTP it states, shown instead of the catalog's.
 * With no aggregator the rows forget what an earlier one said. One statement, so a reader sees
 * either the old list or the new one.
 */
export async function syncAggregatorGames(): Promise<boolean> {
  const db = await getDb();
  const provider = casinoProvider();
  if (!provider) {
    await db.execute(sql`
      UPDATE games SET aggregator_listed = NULL, aggregator_category = NULL, aggregator_rtp = NULL
      WHERE aggregator_listed IS NOT NULL`);
    clearCatalogCache();
    return true;
  }
  const list = await provider.games();
  if (!list) return false;
  await db.execute(sql`
    UPDATE games g
    SET aggregator_listed = l.code IS NOT NULL,
        aggregator_category = l.category,
        aggregator_rtp = l.rtp
    FROM games g2
    LEFT JOIN jsonb_to_recordset(${JSON.stringify(list)}::jsonb)
      AS l(code text, category text, rtp text) ON l.code = g2.game_id
    WHERE g.id = g2.id`);
  clearCatalogCache();
  logger.info({ listed: list.length }, 'read the aggregator game list');
  return true;
}

/** Every hour the list is read again; after a failure, every five minutes until it answers. */
const REFRESH_MS = 60 * 60_000;
const RETRY_MS = 5 * 60_000;
let timer: NodeJS.Timeout | null = null;

export async function keepAggregatorGames(): Promise<void> {
  const read = await syncAggregatorGames().catch((err: unknown) => {
    logger.warn({ err }, 'the aggregator game list could not be read');
    return false;
  });
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => void keepAggregatorGames(), read ? REFRESH_MS : RETRY_MS);
  timer.unref();
}
