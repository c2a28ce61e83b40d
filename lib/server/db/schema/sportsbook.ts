import { sql } from 'drizzle-orm';
import type { FinalScore } from '@/lib/sportsbook/settle';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, minorUnits, moment } from './columns';
import { users } from './players';

/*
 * The sportsbook's events and markets (issue 42): what a feed sends, priced by us. An event's id
 * is the feed's (it is in the event's address); a market keeps its sources' prices, the consensus
 * fair probabilities and our odds, so any price we showed can be explained.
 */

export const sportsEventStates = ['scheduled', 'live', 'ended', 'abandoned'] as const;

/** A match in play: how much of it is played (0–1), the score, and a suspension's end. */
export type LiveState = { played: number; score: [number, number]; suspendedUntil?: string };

/** A final score, home first: the one settlement reads. */
export type EventResult = FinalScore;
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
    /** What the feed's prices come from (the demo's model of the match), if it says. */
    model: jsonb('model').$type<Record<string, unknown>>(),
    /** In play: the share of the match played, the score, and when its markets reopen. */
    live: jsonb('live').$type<LiveState>(),
    /** The final score: after regulation time, and after overtime (the same when none was played). */
    result: jsonb('result').$type<EventResult>(),
    endedAt: moment('ended_at'),
    /** Suspended by risk staff: none of its markets takes a bet or a cash-out until reopened. */
    held: boolean('held').notNull().default(false),
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
    /** Once settled: each outcome's result (won, lost, void, half-won, half-lost). */
    results: text('results').array(),
    /** Suspended by risk staff, whatever the feed says, until reopened. */
    held: boolean('held').notNull().default(false),
    pricedAt: moment('priced_at')
      .notNull()
      .default(sql`now()`),
  },
  // Its unique key starts with the event: it is also the index a page's markets are read by.
  (t) => [unique('sports_markets_event_kind').on(t.eventId, t.kind, t.period, t.lineQuarters)],
);

export type SportsMarketRow = typeof sportsMarkets.$inferSelect;

export const sportsBetStates = ['open', 'settled', 'cashed_out'] as const;
export const sportsOddsRules = ['any', 'higher', 'none'] as const;

/**
 * A bet: a single (one leg) or a multiple. Its stake sits in the player's `stake` balance while
 * it is open (the game record's open round says how much); its odds are the server's at
 * placement, the legs' product, and its potential return is that product times the stake,
 * floored once.
 */
export const sportsBets = pgTable(
  'sports_bets',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    idempotencyKey: text('idempotency_key').notNull(),
    currency: text('currency').notNull(),
    stake: minorUnits('stake').notNull(),
    /** The stake's real and bonus parts (bonus money is not staked on sports yet: 0). */
    stakeReal: minorUnits('stake_real').notNull(),
    stakeBonus: minorUnits('stake_bonus').notNull(),
    /** The legs' odds multiplied, × 10⁴, rounded down (for display; returns use the legs). */
    odds: bigint('odds', { mode: 'number' }).notNull(),
    potentialReturn: minorUnits('potential_return').notNull(),
    /** What it added to its liability rows (millionths of a dollar), given back when it closes. */
    liability: bigint('liability', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** What the player accepted if the price moved before the bet was taken. */
    oddsRule: text('odds_rule', { enum: sportsOddsRules }).notNull(),
    /** Taken on a match already under way (after the live delay). */
    live: boolean('live').notNull().default(false),
    state: text('state', { enum: sportsBetStates }).notNull().default('open'),
    /** What it returned, at its latest settlement version (0 while open). */
    payout: minorUnits('payout')
      .notNull()
      .default(sql`0`),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    settledAt: moment('settled_at'),
  },
  (t) => [
    unique('sports_bets_key').on(t.userId, t.idempotencyKey),
    index('sports_bets_user_idx').on(t.userId, t.createdAt),
  ],
);

export const sportsBetLegs = pgTable(
  'sports_bet_legs',
  {
    betId: uuid('bet_id')
      .notNull()
      .references(() => sportsBets.id, { onDelete: 'cascade' }),
    leg: smallint('leg').notNull(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => sportsEvents.id, { onDelete: 'restrict' }),
    marketId: uuid('market_id')
      .notNull()
      .references(() => sportsMarkets.id, { onDelete: 'restrict' }),
    outcome: text('outcome').notNull(),
    /** The price taken, × 10⁴. */
    odds: integer('odds').notNull(),
    /** won | lost | void | half-won | half-lost, once its market is settled. */
    result: text('result'),
  },
  (t) => [
    primaryKey({ columns: [t.betId, t.leg] }),
    index('sports_bet_legs_market_idx').on(t.marketId),
  ],
);

/**
 * What the book stands to lose, in millionths of a US dollar: per selection (`s:<market>:<outcome>`)
 * and per player per event (`p:<player>:<event>`). A bet adds to its rows by one conditional
 * upsert under their row locks, refused past `cap` (the limit it was checked against).
 */
export const sportsLiabilities = pgTable('sports_liabilities', {
  key: text('key').primaryKey(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  cap: bigint('cap', { mode: 'bigint' }).notNull(),
  updatedAt: moment('updated_at').notNull().defaultNow(),
});

/**
 * The book's settings per sport and phase (pre-match, live) as risk staff set them; a sport and
 * phase without a row takes the defaults (lib/server/sportsbook/settings.ts).
 */
export const sportsSettings = pgTable(
  'sports_settings',
  {
    sport: text('sport').notNull(),
    phase: text('phase', { enum: ['prematch', 'live'] }).notNull(),
    /** `BookSettings`, checked by its schema on the way in and out. */
    settings: jsonb('settings').$type<Record<string, number>>().notNull(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sport, t.phase] })],
);
