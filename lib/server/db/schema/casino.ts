import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, minorUnits, moment } from './columns';
import { users } from './players';

/** Why a game session stopped taking bets before it expired. */
export const casinoRevokeReasons = ['sign_out', 'break', 'currency', 'closed'] as const;

/**
 * A launch of a third-party game for a player: the token the aggregator plays with, kept as its
 * SHA-256 only, bound to the player, the game and the currency. Revoked sessions are marked, never
 * deleted: their rounds' wins and rollbacks still find the player through them.
 */
export const casinoSessions = pgTable(
  'casino_sessions',
  {
    id: id(),
    provider: text('provider').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The sign-in it was launched from: signing out of it ends the game session too. */
    authSessionId: uuid('auth_session_id'),
    /** The aggregator's game code (games.game_id). */
    gameCode: text('game_code').notNull(),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
    lastBetAt: moment('last_bet_at'),
    revokedAt: moment('revoked_at'),
    revokedReason: text('revoked_reason', { enum: casinoRevokeReasons }),
  },
  (t) => [
    index('casino_sessions_live')
      .on(t.userId)
      .where(sql`${t.revokedAt} IS NULL`),
    index('casino_sessions_sign_in')
      .on(t.authSessionId)
      .where(sql`${t.revokedAt} IS NULL`),
  ],
);

export const casinoRoundStates = ['open', 'closed'] as const;

/** One round of a third-party game as the aggregator names it: its bets, wins and rollbacks. */
export const casinoRounds = pgTable(
  'casino_rounds',
  {
    id: id(),
    provider: text('provider').notNull(),
    /** The aggregator's round id. */
    ref: text('ref').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    gameCode: text('game_code').notNull(),
    currency: text('currency').notNull(),
    /** Stakes taken, wins paid, stakes given back: minor units. */
    bets: minorUnits('bets')
      .notNull()
      .default(sql`0`),
    wins: minorUnits('wins')
      .notNull()
      .default(sql`0`),
    rolledBack: minorUnits('rolled_back')
      .notNull()
      .default(sql`0`),
    /** The game's edge when the round opened, basis points (1 − RTP). */
    edgeBps: integer('edge_bps').notNull(),
    state: text('state', { enum: casinoRoundStates }).notNull().default('open'),
    /** A stake rolled back after the round paid a win: for the risk role to look at. */
    flagged: boolean('flagged').notNull().default(false),
    lastCallAt: moment('last_call_at').notNull().defaultNow(),
    closedAt: moment('closed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('casino_rounds_ref').on(t.provider, t.userId, t.gameCode, t.ref),
    index('casino_rounds_open')
      .on(t.lastCallAt)
      .where(sql`${t.state} = 'open'`),
  ],
);

export const casinoTransactionKinds = ['bet', 'win', 'rollback'] as const;

/**
 * Every call that moves (or would move) money, under the aggregator's transaction id — the
 * idempotency key. A rollback of a bet never seen leaves a tombstone under the bet's id, so the
 * bet, if it comes later, is refused.
 */
export const casinoTransactions = pgTable(
  'casino_transactions',
  {
    id: id(),
    provider: text('provider').notNull(),
    uuid: text('uuid').notNull(),
    kind: text('kind', { enum: casinoTransactionKinds }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    roundId: uuid('round_id').references(() => casinoRounds.id, { onDelete: 'restrict' }),
    currency: text('currency').notNull(),
    amount: minorUnits('amount').notNull(),
    /** A win's bet, a rollback's bet. */
    reference: text('reference'),
    /** SHA-256 of what a retry must repeat (amount, currency, round, user, game, reference). */
    requestHash: text('request_hash').notNull(),
    /** The first answer, as the adapter gave it: a retry gets it again. */
    answer: jsonb('answer').$type<Record<string, unknown>>(),
    tombstone: boolean('tombstone').notNull().default(false),
    /** A bet refused (its answer kept for a retry): it moved nothing, so nothing is given back. */
    refused: boolean('refused').notNull().default(false),
    /** Set once, by the one rollback that gave this bet's stake back. */
    rolledBackAt: moment('rolled_back_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('casino_transactions_uuid').on(t.provider, t.uuid),
    index('casino_transactions_round').on(t.roundId),
  ],
);
