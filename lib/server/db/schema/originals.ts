import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, minorUnits, moment } from './columns';
import { users } from './players';

export const seedStates = ['next', 'active', 'retired'] as const;

/**
 * A player's provably fair server seeds: one `active` (with its client seed and the next nonce),
 * one `next` (committed by its hash before the player picks the next client seed), and the
 * `retired` ones, revealed. The seed is sealed at rest (`sealed`); `revealed` is written only when
 * it retires, so no read of a live seed can leak it.
 */
export const fairSeeds = pgTable(
  'fair_seeds',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    state: text('state', { enum: seedStates }).notNull(),
    sealed: text('sealed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed'),
    /** The nonce the next bet on this pair takes (bets use 0, 1, 2, …). */
    nonce: integer('nonce').notNull().default(0),
    revealed: text('revealed'),
    createdAt: createdAt(),
    activatedAt: moment('activated_at'),
    retiredAt: moment('retired_at'),
  },
  (t) => [
    uniqueIndex('fair_seeds_one_active')
      .on(t.userId)
      .where(sql`state = 'active'`),
    uniqueIndex('fair_seeds_one_next')
      .on(t.userId)
      .where(sql`state = 'next'`),
    index('fair_seeds_user_idx').on(t.userId, t.createdAt),
    check('fair_seeds_revealed_when_retired', sql`(state = 'retired') = (revealed IS NOT NULL)`),
  ],
);

/**
 * Every Dice, Limbo and Plinko bet: what was asked, the seed pair and nonce it was drawn from, the
 * mapping version, edge and table it was settled by, and what it paid. (seed, nonce) is unique, so
 * no draw is ever used twice; (player, key) makes a retry answer the first bet.
 */
export const originalBets = pgTable(
  'original_bets',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The bet request's key; none for a Mines game (its key is the game's, in `mines_games`). */
    idempotencyKey: text('idempotency_key'),
    game: text('game').notNull(),
    currency: text('currency').notNull(),
    stake: minorUnits('stake').notNull(),
    payout: minorUnits('payout').notNull(),
    /** The multiplier paid, as an exact fraction ("99/49"); 0/1 for a loss. */
    multiplier: text('multiplier').notNull(),
    seedId: uuid('seed_id')
      .notNull()
      .references(() => fairSeeds.id, { onDelete: 'restrict' }),
    nonce: integer('nonce').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    mappingVersion: integer('mapping_version').notNull(),
    edgeBps: integer('edge_bps').notNull(),
    tableId: text('table_id'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('original_bets_draw').on(t.seedId, t.nonce),
    unique('original_bets_key').on(t.userId, t.idempotencyKey),
    index('original_bets_created_idx').on(t.createdAt),
    // The live feed's big wins (×10 and more): a week of them, not a week of every bet.
    index('original_bets_big_wins_idx')
      .on(t.createdAt)
      .where(sql`stake > 0 AND payout >= stake * 10`),
  ],
);

export const minesGameStates = ['open', 'busted', 'cashed_out'] as const;

/**
 * Mines games, the original that stays open across requests. The stake is held in the player's
 * `stake` balance from the moment the game opens (its nonce drawn in that transaction) until it
 * closes; `picks` grows one safe tile at a time. The state leaves `open` by one conditional UPDATE
 * only, and a player has at most one open game. The mines' tiles are not stored: they are drawn
 * again from the sealed seed at each reveal, so no read of this table shows an open game's board.
 * A closed game is also an `original_bets` row with the same id (its bet page, the feed, the
 * verifier read that).
 */
export const minesGames = pgTable(
  'mines_games',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    idempotencyKey: text('idempotency_key').notNull(),
    currency: text('currency').notNull(),
    stake: minorUnits('stake').notNull(),
    mines: integer('mines').notNull(),
    picks: integer('picks')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    state: text('state', { enum: minesGameStates }).notNull().default('open'),
    payout: minorUnits('payout'),
    seedId: uuid('seed_id')
      .notNull()
      .references(() => fairSeeds.id, { onDelete: 'restrict' }),
    nonce: integer('nonce').notNull(),
    edgeBps: integer('edge_bps').notNull(),
    createdAt: createdAt(),
    closedAt: moment('closed_at'),
  },
  (t) => [
    unique('mines_games_draw').on(t.seedId, t.nonce),
    unique('mines_games_key').on(t.userId, t.idempotencyKey),
    uniqueIndex('mines_games_one_open')
      .on(t.userId)
      .where(sql`state = 'open'`),
    check('mines_games_count', sql`mines BETWEEN 1 AND 24`),
    check('mines_games_closed', sql`(state = 'open') = (closed_at IS NULL)`),
  ],
);

export const crashSaltKinds = ['bitcoin', 'demo'] as const;

/**
 * Crash's hash chains (lib/fairness/crash.ts). One is in play at a time: its terminating hash,
 * length, edge and salt are the commitment, shown on the verifier and written to the audit log
 * when it is made. h₀ is sealed at rest, and so is every checkpoint h_{k·10⁴} a game's hash is
 * computed forward from. `next_game` is the next game to play (1…length): a round takes it by one
 * conditional UPDATE, so no game is ever played twice.
 */
export const crashChains = pgTable(
  'crash_chains',
  {
    id: uuid('id').primaryKey(),
    length: integer('length').notNull(),
    terminatingHash: text('terminating_hash').notNull(),
    edgeBps: integer('edge_bps').notNull(),
    /** Null until the announced block is mined and its hash given (a Bitcoin salt). */
    salt: text('salt'),
    saltKind: text('salt_kind', { enum: crashSaltKinds }).notNull(),
    /** The Bitcoin block whose hash is the salt, announced with the commitment (production). */
    saltHeight: integer('salt_height'),
    seedSealed: text('seed_sealed').notNull(),
    /** Sealed hashes at indexes 0, 10⁴, 2·10⁴, … (index → sealed hex). */
    checkpoints: jsonb('checkpoints').$type<Record<string, string>>().notNull(),
    nextGame: integer('next_game').notNull().default(1),
    active: integer('active').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('crash_chains_one_active')
      .on(t.active)
      .where(sql`active = 1`),
    check('crash_chains_next', sql`next_game BETWEEN 1 AND length + 1`),
  ],
);

export const crashRoundStates = ['betting', 'running', 'busted', 'aborted'] as const;

/**
 * One round of Crash: game n of a chain, played once. Until it busts, its crash point and bust
 * instant exist only sealed (`sealed`); the game hash and crash point are written when it busts.
 */
export const crashRounds = pgTable(
  'crash_rounds',
  {
    id: uuid('id').primaryKey(),
    chainId: uuid('chain_id')
      .notNull()
      .references(() => crashChains.id, { onDelete: 'restrict' }),
    game: integer('game').notNull(),
    state: text('state', { enum: crashRoundStates }).notNull().default('betting'),
    startsAt: moment('starts_at').notNull(),
    sealed: text('sealed').notNull(),
    /** Revealed at the bust: the game's hash and crash point (hundredths). */
    gameHash: text('game_hash'),
    crashUnits: integer('crash_units'),
    endedAt: moment('ended_at'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('crash_rounds_game').on(t.chainId, t.game),
    uniqueIndex('crash_rounds_one_live')
      .on(t.chainId)
      .where(sql`state IN ('betting', 'running')`),
    index('crash_rounds_recent').on(t.createdAt),
  ],
);

export const crashBetStates = ['open', 'cashed_out', 'busted', 'refunded'] as const;

/**
 * A player's bet in a round: open → cashed_out | busted (or refunded with an aborted round), each
 * by one conditional UPDATE. `cashed_at` is the database's clock when the cash-out was taken.
 */
export const crashBets = pgTable(
  'crash_bets',
  {
    id: uuid('id').primaryKey(),
    roundId: uuid('round_id')
      .notNull()
      .references(() => crashRounds.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    idempotencyKey: text('idempotency_key').notNull(),
    currency: text('currency').notNull(),
    stake: minorUnits('stake').notNull(),
    /** Auto cash-out target in hundredths, if set. */
    autoUnits: integer('auto_units'),
    state: text('state', { enum: crashBetStates }).notNull().default('open'),
    /** The multiplier paid, in hundredths. */
    cashedUnits: integer('cashed_units'),
    payout: minorUnits('payout'),
    cashedAt: moment('cashed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('crash_bets_one_per_round').on(t.roundId, t.userId),
    unique('crash_bets_key').on(t.userId, t.idempotencyKey),
    index('crash_bets_open').on(t.roundId, t.state),
  ],
);
