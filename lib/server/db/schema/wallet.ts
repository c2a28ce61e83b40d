import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './players';

/* Balances. */

/**
 * A player's balance per currency in integer minor units; never negative. The wallet work adds the
 * ledger every change goes through.
 */
export const walletBalances = pgTable(
  'wallet_balances',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.currency] }),
    check('wallet_balances_non_negative', sql`${t.amountMinor} >= 0`),
  ],
);
