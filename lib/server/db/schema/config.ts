import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './players';
import { createdAt, id, moment } from './columns';

/* What the platform runs on: its languages and currencies, its own secrets, seeds and error reports. */

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

/**
 * Secrets the platform makes for itself when the operator sets no AUTH_SECRET: the master key every
 * signing and encryption key is derived from. **Sensitive**: whoever reads this table can mint
 * sessions for any player and decrypt 2FA secrets. Back it up like a key, not like data.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** Applied demo seeds, so the seed runs once per version even across restarts. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  appliedAt: moment('applied_at')
    .notNull()
    .default(sql`now()`),
  details: jsonb('details'),
});

/** Cryptos list (spec §3, §7): the currencies the footer's logo strip shows. */
export const cryptos = pgTable('cryptos', {
  symbol: text('symbol').primaryKey(),
  name: text('name').notNull(),
  logoUrl: text('logo_url').notNull(),
  /** Places after the point in the currency's minor unit (BTC 8, USDT 6). */
  decimals: integer('decimals').notNull().default(8),
  sortOrder: integer('sort_order').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

/** Error log (spec §7): interface errors the site reports, for operators to read. */
export const errorLogs = pgTable(
  'error_logs',
  {
    id: id(),
    message: text('message').notNull(),
    componentStack: text('component_stack'),
    url: text('url').notNull(),
    userAgent: text('user_agent'),
    /** When the browser saw the error; createdAt is when the platform stored it. */
    occurredAt: moment('occurred_at').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('error_logs_created_idx').on(t.createdAt)],
);
