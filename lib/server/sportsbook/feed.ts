import 'server-only';
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { config } from '@/lib/config';
import { logger } from '@/lib/logger';
import { getDb } from '@/lib/server/db';
import { isLocalSite } from '@/lib/server/delivery/outbox';
import { loadBook } from './book';
import { demoSchedule, type DemoEvent } from './demo-feed';
import { priceMarket } from './pricing';

/**
 * Stores a feed's events and prices their markets: an event is added or its details refreshed;
 * a market still open is priced again from its sources (one suspended, closed or settled keeps
 * what it had). One statement for the events and one for the markets.
 */
export async function storeEvents(events: readonly DemoEvent[], source: string): Promise<void> {
  if (!events.length) return;
  const db = await getDb();
  const book = await loadBook();
  await db.execute(sql`
    INSERT INTO sports_events (id, source, sport, competition, home, away, starts_at, model)
    SELECT e.id, ${source}, e.sport, e.competition, e.home, e.away, e.starts_at, e.model
    FROM jsonb_to_recordset(${JSON.stringify(
      events.map((e) => ({ ...e, starts_at: e.startsAt.toISOString(), markets: undefined })),
    )}::jsonb) AS e(id bigint, sport text, competition text, home text, away text,
                    starts_at timestamptz, model jsonb)
    ON CONFLICT (id) DO UPDATE SET competition = excluded.competition, home = excluded.home,
      away = excluded.away, starts_at = excluded.starts_at, model = excluded.model,
      updated_at = now()
    -- A match under way or over keeps its start.
    WHERE sports_events.state = 'scheduled'`);
  const markets = events.flatMap((event) =>
    event.markets.map((market) => {
      const priced = priceMarket(market.sources, book[event.sport].prematch);
      return {
        event_id: event.id,
        kind: market.kind,
        period: market.period,
        line_quarters: market.lineQuarters ?? 0,
        outcomes: market.outcomes.map((o) => o.key),
        fair: priced.fair,
        odds: priced.odds,
        sources: market.sources,
      };
    }),
  );
  await db.execute(sql`
    INSERT INTO sports_markets (event_id, kind, period, line_quarters, outcomes, fair, odds,
      sources, state)
    SELECT m.event_id, m.kind, m.period, m.line_quarters,
      ARRAY(SELECT jsonb_array_elements_text(m.outcomes)),
      ARRAY(SELECT (jsonb_array_elements_text(m.fair))::double precision),
      CASE WHEN jsonb_typeof(m.odds) = 'array'
        THEN ARRAY(SELECT (jsonb_array_elements_text(m.odds))::integer) END,
      m.sources,
      CASE WHEN jsonb_typeof(m.odds) = 'array' THEN 'open' ELSE 'closed' END
    FROM jsonb_to_recordset(${JSON.stringify(markets)}::jsonb) AS m(event_id bigint, kind text,
      period text, line_quarters integer, outcomes jsonb, fair jsonb, odds jsonb, sources jsonb)
    ON CONFLICT (event_id, kind, period, line_quarters) DO UPDATE
      SET fair = excluded.fair, odds = excluded.odds, sources = excluded.sources,
          state = excluded.state, priced_at = now()
      WHERE sports_markets.state IN ('open', 'closed')
        -- In play, the live loop prices it.
        AND (SELECT e.state FROM sports_events e WHERE e.id = sports_markets.event_id) = 'scheduled'`);
}

let seed: number | undefined;
/** The demo feed's seed for this process: random, or SPORTS_FEED_SEED's. */
export const demoSeed = () => (seed ??= Number(process.env.SPORTS_FEED_SEED) || randomInt(2 ** 31));

/** The demo feed runs where it is asked for on a site served on this machine only. */
export const demoFeedOn = () => config.SPORTS_DEMO_FEED && isLocalSite(config.SITE_URL);

/**
 * Loads the demo feed's schedule from today for three days: its seed random at each start, so
 * every demo sees other matches (SPORTS_FEED_SEED fixes it, for tests).
 */
export async function startDemoFeed(now = new Date()): Promise<number> {
  if (!demoFeedOn()) return 0;
  const seed = demoSeed();
  const events = demoSchedule(seed, now).filter((e) => e.startsAt > now);
  await storeEvents(events, 'demo');
  logger.info({ events: events.length, seed }, 'the sportsbook demo feed is loaded');
  return events.length;
}

/**
 * The demo feed for a running site: the schedule loaded now and again every hour (the days ahead
 * come into it), and its matches played as their time comes.
 */
export async function runDemoFeed(): Promise<void> {
  if (!demoFeedOn()) return;
  await startDemoFeed();
  setInterval(() => {
    startDemoFeed().catch((err: unknown) =>
      logger.warn({ err }, 'the demo schedule did not reload'),
    );
  }, 3_600_000).unref();
  const { startLiveDemo } = await import('./simulation');
  await startLiveDemo(demoSeed());
}
