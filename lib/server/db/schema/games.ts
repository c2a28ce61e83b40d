import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './players';
import { createdAt, id, moment } from './columns';

/* The game catalog and what players keep of it. */

/** Game studios (spec §3: providers carry `_id`), each with a local logo. */
export const gameProviders = pgTable('game_providers', {
  id: id(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  logo: text('logo').notNull(),
  /** lower(unaccent(name)), kept by the database for search. */
  searchText: text('search_text').notNull().default(''),
  enabled: boolean('enabled').notNull().default(true),
});

/** What a game list says of a title (see `games.aggregatorState`). */
export const aggregatorStates = ['plays', 'disabled', 'absent'] as const;

/** The game catalog (spec §3 Game): what lobbies, tabs and search list. */
export const games = pgTable(
  'games',
  {
    id: id(),
    /** The aggregator's id for launching the game. */
    gameId: text('game_id').notNull().unique(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => gameProviders.id),
    section: text('section', { enum: ['casino', 'slots'] }).notNull(),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    platforms: text('platforms')
      .array()
      .notNull()
      .default(sql`'{desktop,mobile}'::text[]`),
    rtp: text('rtp').notNull(),
    btcValue: text('btc_value').notNull(),
    icon: text('icon').notNull(),
    hot: boolean('hot').notNull().default(false),
    releaseDate: text('release_date').notNull(),
    popularity: integer('popularity').notNull().default(0),
    /** lower(unaccent(name)), kept by the database for search. */
    searchText: text('search_text').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    /** Whether the game has a fun mode (play money) a guest can open: live tables do not. */
    funMode: boolean('fun_mode').notNull().default(true),
    /**
     * What the configured aggregator's game list says of the title: null until a list is read
     * (or with no aggregator); then `plays` (under its category, at its RTP), `disabled` (listed,
     * not played: a demo frame that says so) or `absent` (not its title: not shown at all).
     */
    aggregatorState: text('aggregator_state', { enum: aggregatorStates }),
    aggregatorCategory: text('aggregator_category'),
    aggregatorRtp: text('aggregator_rtp'),
  },
  (t) => [
    index('games_section_idx').on(t.section, t.popularity),
    index('games_provider_idx').on(t.providerId),
  ],
);

/** A player and a game: the key of the lists players keep (both go when either is deleted). */
const playerGame = () => ({
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  gameId: uuid('game_id')
    .notNull()
    .references(() => games.id, { onDelete: 'cascade' }),
});

/** A player's favourite games. */
export const favoriteGames = pgTable(
  'favorite_games',
  {
    ...playerGame(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gameId] })],
);

/** Recently played: one row per player and game, moved to the top on every launch. */
export const recentGames = pgTable(
  'recent_games',
  {
    ...playerGame(),
    playedAt: moment('played_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.gameId] }),
    index('recent_games_user_idx').on(t.userId, t.playedAt),
  ],
);
