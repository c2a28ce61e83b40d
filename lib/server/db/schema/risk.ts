import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { operatorRoles } from '@/lib/schemas/operator';
import { approvalKinds, approvalStatuses, flagKinds } from '@/lib/schemas/risk';
import { createdAt, id, moment } from './columns';
import { users } from './players';

/**
 * Four-eyes: a change one staff member asks for and a different one decides. The row is the
 * request (its payload is what will run), consumed by one conditional update; the database itself
 * refuses a decision by the requester or by the automation key.
 */
export const approvals = pgTable(
  'approvals',
  {
    id: id(),
    kind: text('kind', { enum: approvalKinds }).notNull(),
    /** What it is about (`player:<id>`), for the audit and the player page. */
    target: text('target').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** The requester's idempotency key: the same request twice is the same approval. */
    key: text('key').notNull(),
    /** Its value in USD when asked, at the rates of the moment. */
    usd: numeric('usd', { precision: 24, scale: 2 }),
    requestedBy: text('requested_by').notNull(),
    requestedRole: text('requested_role', { enum: operatorRoles }).notNull(),
    /** The roles that may decide it (per kind, fixed when asked). */
    approverRoles: text('approver_roles', { enum: operatorRoles }).array().notNull(),
    status: text('status', { enum: approvalStatuses }).notNull().default('pending'),
    decidedBy: text('decided_by'),
    decidedAt: moment('decided_at'),
    /** Why it was refused, or what the approver added. */
    note: text('note'),
    /** What running it produced (the ledger transaction). */
    result: jsonb('result').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('approvals_request').on(t.requestedBy, t.kind, t.key),
    index('approvals_status_idx').on(t.status, t.createdAt),
    index('approvals_user_idx').on(t.userId, t.createdAt),
    check(
      'approvals_four_eyes',
      sql`${t.decidedBy} IS NULL OR (${t.decidedBy} <> ${t.requestedBy} AND ${t.decidedBy} <> 'token:automation') OR ${t.status} = 'cancelled'`,
    ),
    // Decided exactly when no longer pending; withdrawn only by whoever asked.
    check('approvals_decided', sql`(${t.status} = 'pending') = (${t.decidedBy} IS NULL)`),
    check(
      'approvals_cancelled_by_requester',
      sql`${t.status} <> 'cancelled' OR ${t.decidedBy} = ${t.requestedBy}`,
    ),
  ],
);

/**
 * A risk signal about a player, open until a person closes it with a note. One row per (player,
 * kind, source) for good: a signal reviewed and closed is not raised again by the same source.
 */
export const playerFlags = pgTable(
  'player_flags',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: flagKinds }).notNull(),
    /** What raised it: the shared address, IP or device, the currency owed, the day of the failures. */
    source: text('source').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    openedAt: moment('opened_at').notNull().defaultNow(),
    closedAt: moment('closed_at'),
    closedBy: text('closed_by'),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('player_flags_signal').on(t.userId, t.kind, t.source),
    index('player_flags_open_idx')
      .on(t.openedAt)
      .where(sql`${t.closedAt} IS NULL`),
  ],
);

/** The USD price of each currency as taken at 00:00 UTC: reports convert a day at its own rates. */
export const rateSnapshots = pgTable(
  'rate_snapshots',
  {
    day: date('day', { mode: 'string' }).notNull(),
    symbol: text('symbol').notNull(),
    usd: numeric('usd', { precision: 30, scale: 12 }).notNull(),
    /** `live` (the price source) or `indicative` (the built-in table: marked wherever shown). */
    source: text('source', { enum: ['live', 'indicative'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.day, t.symbol] })],
);

/** What staff wrote about a player on their page (every role reads and writes them; never edited). */
export const playerNotes = pgTable(
  'player_notes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `staff:<id>` or `token:automation`. */
    author: text('author').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('player_notes_user_idx').on(t.userId, t.createdAt)],
);

/** Short labels staff put on a player ("VIP host: Anna", "chargeback 2026") to find and group them. */
export const playerTags = pgTable(
  'player_tags',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    addedBy: text('added_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tag] }), index('player_tags_tag_idx').on(t.tag)],
);
