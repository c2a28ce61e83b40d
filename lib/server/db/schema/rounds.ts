import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, minorUnits, moment } from './columns';
import { users } from './players';

const amount = minorUnits;

export const roundStates = ['open', 'settled', 'void'] as const;

/**
 * Every product's rounds and bets in one shape (originals, casino, sportsbook), written in the
 * transaction of the posting that moves their money: the game record page reads it.
 */
export const gameRounds = pgTable(
  'game_rounds',
  {
    id: id(),
    product: text('product').notNull(),
    game: text('game').notNull(),
    roundId: text('round_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    currency: text('currency').notNull(),
    stake: amount('stake')
      .notNull()
      .default(sql`0`),
    payout: amount('payout')
      .notNull()
      .default(sql`0`),
    state: text('state', { enum: roundStates }).notNull(),
    /** How the result can be checked: a seed pair and nonce, a provider's round, a market. */
    fairness: jsonb('fairness').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    settledAt: moment('settled_at'),
  },
  (t) => [
    unique('game_rounds_product_round').on(t.product, t.roundId),
    index('game_rounds_user_idx').on(t.userId, t.createdAt),
  ],
);
