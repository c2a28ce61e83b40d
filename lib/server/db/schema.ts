import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** Languages config (spec §3, §7): the languages the platform offers, in picker order. */
export const languages = pgTable('languages', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  flag: text('flag').notNull(),
  direction: text('direction', { enum: ['ltr', 'rtl'] })
    .notNull()
    .default('ltr'),
  sortOrder: integer('sort_order').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

/** Players. Sign-in methods and profile fields are added by the sign-in work. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').unique(),
  username: text('username').notNull(),
  role: text('role').notNull().default('player'),
  language: text('language').notNull().default('en'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Server-side sessions: the bearer token's hash, so sign-out and expiry really revoke it. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Applied demo seeds, so the seed runs once per version even across restarts. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
  details: jsonb('details'),
});

/** Cryptos list (spec §3, §7): the currencies the footer's logo strip shows. */
export const cryptos = pgTable('cryptos', {
  symbol: text('symbol').primaryKey(),
  name: text('name').notNull(),
  logoUrl: text('logo_url').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

/** Error log (spec §7): interface errors the site reports, for operators to read. */
export const errorLogs = pgTable(
  'error_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    message: text('message').notNull(),
    componentStack: text('component_stack'),
    url: text('url').notNull(),
    userAgent: text('user_agent'),
    /** When the browser saw the error; createdAt is when the platform stored it. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('error_logs_created_idx').on(t.createdAt)],
);
