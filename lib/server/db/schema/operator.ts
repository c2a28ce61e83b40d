import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { operatorRoles } from '@/lib/schemas/operator';
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
    /** Who closed it by hand, and why (null: the platform ended it, the problem gone). */
    resolvedBy: text('resolved_by'),
    resolution: text('resolution'),
  },
  (t) => [
    uniqueIndex('operator_alerts_open')
      .on(t.kind, t.target)
      .where(sql`${t.resolvedAt} IS NULL`),
  ],
);

/**
 * A back-office account: staff sign in with a password and a TOTP code; the role decides which
 * operator calls they may make. Created by `npm run operator:create`, never from the site.
 */
export const staff = pgTable(
  'staff',
  {
    id: id(),
    email: text('email').notNull(),
    /** Shown to players as the agent's name in support. */
    name: text('name').notNull(),
    role: text('role', { enum: operatorRoles }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /** The TOTP secret, sealed with the platform's key. */
    totpSecret: text('totp_secret').notNull(),
    /** The last TOTP time step accepted: a code is never taken twice. */
    totpLastStep: integer('totp_last_step'),
    createdAt: createdAt(),
    disabledAt: moment('disabled_at'),
  },
  (t) => [uniqueIndex('staff_email').on(sql`lower(${t.email})`)],
);

/** A staff sign-in: the cookie holds a random token, the row its hash. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: id(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: moment('expires_at').notNull(),
    revokedAt: moment('revoked_at'),
  },
  (t) => [uniqueIndex('staff_sessions_token').on(t.tokenHash)],
);
