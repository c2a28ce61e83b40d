import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import {
  documentKinds,
  kycRefusalReasons,
  reviewStatuses,
  type KycDetails,
} from '@/lib/schemas/kyc';
import { createdAt, id, moment } from './columns';
import { users } from './players';

/* Verification (KYC): the player's levels, their documents, and the caps each level sets. */

/**
 * One row per player and level: level 1 holds the details (approved when they pass the rules,
 * 18+ among them); levels 2 and 3 wait for a reviewer's decision on their documents.
 */
export const kycLevels = pgTable(
  'kyc_levels',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    level: integer('level').notNull(),
    status: text('status', { enum: reviewStatuses }).notNull().default('pending'),
    reason: text('reason', { enum: kycRefusalReasons }),
    note: text('note'),
    details: jsonb('details').$type<KycDetails>(),
    reviewedBy: text('reviewed_by'),
    reviewedAt: moment('reviewed_at'),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('kyc_levels_one').on(t.userId, t.level),
    check('kyc_levels_level', sql`${t.level} between 1 and 3`),
    check('kyc_levels_reason', sql`${t.reason} in ('blurred', 'expired', 'mismatch', 'other')`),
    index('kyc_levels_status_idx').on(t.status, t.updatedAt),
  ],
);

/** An uploaded document: its file is stored under a random name, outside the web root. */
export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: documentKinds }).notNull(),
    type: text('type', { enum: ['png', 'jpeg', 'webp', 'pdf'] }).notNull(),
    file: text('file').notNull(),
    status: text('status', { enum: reviewStatuses }).notNull().default('pending'),
    reason: text('reason', { enum: kycRefusalReasons }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('kyc_documents_user_idx').on(t.userId, t.createdAt),
    check('kyc_documents_reason', sql`${t.reason} in ('blurred', 'expired', 'mismatch', 'other')`),
  ],
);

/** What each level may withdraw over 24 hours and 30 days, in USD (null: no cap); operator-set. */
export const withdrawalCaps = pgTable('withdrawal_caps', {
  level: integer('level').primaryKey(),
  dailyUsd: integer('daily_usd'),
  monthlyUsd: integer('monthly_usd'),
  updatedAt: moment('updated_at').notNull().defaultNow(),
});
