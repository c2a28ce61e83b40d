import { numeric, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The columns most tables share, written once so every table says them the same way. */
export const id = () => uuid('id').primaryKey().defaultRandom();

/** A moment: every timestamp of the platform carries its time zone. */
export const moment = (name: string) => timestamp(name, { withTimezone: true });

export const createdAt = () => moment('created_at').notNull().defaultNow();

/** An amount at a currency's ledger precision: numeric(38,0) in the database, bigint in code. */
export const minorUnits = (name: string) =>
  numeric(name, { precision: 38, scale: 0, mode: 'bigint' });
