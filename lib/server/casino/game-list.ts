import 'server-only';
import { sql } from 'drizzle-orm';
import { logger } from '@/lib/logger';
import { getDb } from '@/lib/server/db';
import { clearCatalogCache } from '@/lib/server/games/cache';
import { casinoProvider } from './launch';
import type { AggregatorGame } from './provider';

/**
 * The aggregator's game list, kept on the catalog's rows: the titles it plays (with its category
 * and the RTP it states, shown instead of the catalog's), the ones it lists disabled (a demo frame
 * says so), and the ones it does not list at all — not its titles: not shown. With no aggregator
 * the rows forget what an earlier one said. One statement, so a reader sees either the old list
 * or the new one.
 */
export async function syncAggregatorGames(): Promise<boolean> {
  const db = await getDb();
  const provider = casinoProvider();
  if (!provider) {
    await db.execute(sql`
      UPDATE games SET aggregator_state = NULL, aggregator_category = NULL, aggregator_rtp = NULL
      WHERE aggregator_state IS NOT NULL`);
    clearCatalogCache();
    return true;
  }
  const answered = await provider.games();
  // An empty list is a failed read, not an aggregator with no games: it would hide every title.
  if (!answered?.length) return false;
  // A code listed twice counts once: enabled if any entry is, with that entry's figures.
  const byCode = new Map<string, AggregatorGame>();
  for (const game of answered) {
    if (!byCode.get(game.code)?.enabled) byCode.set(game.code, game);
  }
  const list = [...byCode.values()];
  await db.execute(sql`
    WITH next AS (
      SELECT g.id,
             CASE WHEN l.code IS NULL THEN 'absent'
                  WHEN l.enabled THEN 'plays' ELSE 'disabled' END AS state,
             CASE WHEN l.enabled THEN l.category END AS category,
             CASE WHEN l.enabled THEN l.rtp END AS rtp
      FROM games g
      LEFT JOIN jsonb_to_recordset(${JSON.stringify(list)}::jsonb)
        AS l(code text, enabled boolean, category text, rtp text) ON l.code = g.game_id
    )
    UPDATE games g
    SET aggregator_state = next.state, aggregator_category = next.category,
        aggregator_rtp = next.rtp
    FROM next
    WHERE g.id = next.id
      AND (g.aggregator_state, g.aggregator_category, g.aggregator_rtp)
          IS DISTINCT FROM (next.state, next.category, next.rtp)`);
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
