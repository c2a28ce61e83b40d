import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

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
