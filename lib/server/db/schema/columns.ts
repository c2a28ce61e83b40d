import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** The columns most tables share, written once so every table says them the same way. */
export const id = () => uuid('id').primaryKey().defaultRandom();

/** A moment: every timestamp of the platform carries its time zone. */
export const moment = (name: string) => timestamp(name, { withTimezone: true });

export const createdAt = () => moment('created_at').notNull().defaultNow();
