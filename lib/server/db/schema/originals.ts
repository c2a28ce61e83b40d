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
    idempotencyKey: text('idempotency_key').notNull(),
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
