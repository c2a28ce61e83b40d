import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { id, moment } from './columns';

/*
 * The sportsbook's events and markets (issue 42): what a feed sends, priced by us. An event's id
 * is the feed's (it is in the event's address); a market keeps its sources' prices, the consensus
 * fair probabilities and our odds, so any price we showed can be explained.
 */

export const sportsEventStates = ['scheduled', 'live', 'ended', 'abandoned'] as const;
export const sportsMarketStates = ['open', 'suspended', 'closed', 'settled'] as const;

export const sportsEvents = pgTable(
  'sports_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    /** Where it came from: `demo` for the demo feed. */
    source: text('source').notNull(),
    /** The sport's section key (lib/site/paths.ts `sportsSections`): soccer, basketball, … */
    sport: text('sport').notNull(),
    competition: text('competition').notNull(),
    home: text('home').notNull(),
    away: text('away').notNull(),
    startsAt: moment('starts_at').notNull(),
    state: text('state', { enum: sportsEventStates }).notNull().default('scheduled'),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [index('sports_events_sport_idx').on(t.sport, t.startsAt)],
);

export const sportsMarkets = pgTable(
  'sports_markets',
  {
    id: id(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => sportsEvents.id, { onDelete: 'cascade' }),
    /** 1x2 | moneyline | total | handicap. */
    kind: text('kind').notNull(),
    /** What it settles on: regulation time or the whole match (overtime included). */
    period: text('period').notNull(),
    /** A total's or the home side's handicap line in quarters (2.5 → 10); 0 for none. */
    lineQuarters: integer('line_quarters').notNull().default(0),
    /** The outcomes' keys, in the order of every array below. */
    outcomes: text('outcomes').array().notNull(),
    /** The consensus of the sources with their margins removed (power method). */
    fair: doublePrecision('fair').array().notNull(),
    /** Our odds × 10⁴, or null while the market cannot be priced (it stays closed). */
    odds: integer('odds').array(),
    /** Each source book's prices, as received. */
    sources: jsonb('sources').$type<number[][]>().notNull(),
    state: text('state', { enum: sportsMarketStates }).notNull().default('open'),
    pricedAt: moment('priced_at')
      .notNull()
      .default(sql`now()`),
  },
  // Its unique key starts with the event: it is also the index a page's markets are read by.
  (t) => [unique('sports_markets_event_kind').on(t.eventId, t.kind, t.period, t.lineQuarters)],
);

export type SportsMarketRow = typeof sportsMarkets.$inferSelect;
