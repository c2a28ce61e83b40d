import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, moment } from './columns';

/* What staff and automation did: one row per operator call, written with the change itself. */

export const operatorAudit = pgTable(
  'operator_audit',
  {
    id: id(),
    /** `token:automation`, or a staff account once the back office exists. */
    actor: text('actor').notNull(),
    role: text('role').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('operator_audit_target_idx').on(t.target, t.createdAt)],
);

/**
 * What the platform needs an operator to look at (a hot wallet too short to pay out, a payout that
 * failed): open until resolved; one open alert per (kind, target), so a retrying job does not
 * repeat itself.
 */
export const operatorAlerts = pgTable(
  'operator_alerts',
  {
    id: id(),
    kind: text('kind').notNull(),
    target: text('target').notNull(),
    message: text('message').notNull(),
    details: jsonb('details'),
    createdAt: createdAt(),
    resolvedAt: moment('resolved_at'),
  },
  (t) => [
    uniqueIndex('operator_alerts_open')
      .on(t.kind, t.target)
      .where(sql`${t.resolvedAt} IS NULL`),
  ],
);
