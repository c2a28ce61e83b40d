import { sql } from 'drizzle-orm';
import { pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { minorUnits, moment } from './columns';
import { users } from './players';

const amount = (name: string) =>
  minorUnits(name)
    .notNull()
    .default(sql`0`);

/**
 * What a player staked, won, deposited and had returned, per currency and hour, in the currency's
 * minor units: written by each posting under the player's lock, so a limit check sums at most 720
 * rows for a 30-day window instead of scanning every bet (docs/player-protection.md).
 */
export const usageHours = pgTable(
  'usage_hours',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    hour: moment('hour').notNull(),
    /** Stakes from real money (available and withdraw-only): wager and loss limits. */
    wager: amount('wager'),
    /** Stakes from bonus money: wager limits only, never loss limits. */
    bonusWager: amount('bonus_wager'),
    /** Returns of settled bets; a resettlement that takes one back is a negative win. */
    win: amount('win'),
    deposit: amount('deposit'),
    /** Stakes given back (a void, a refund, a rollback): taken off the wager and the loss. */
    returned: amount('returned'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.currency, t.hour] })],
);
