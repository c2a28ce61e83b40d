import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, moment } from './columns';

/**
 * Domain events (not the development mail outbox): written in the transaction of the posting they
 * describe, delivered at least once and in no particular order by a job; `sequence` counts per
 * aggregate (a bet, a withdrawal) so a consumer can tell versions apart, and consumers are
 * idempotent by event id.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: id(),
    type: text('type').notNull(),
    version: integer('version').notNull(),
    aggregate: text('aggregate').notNull(),
    sequence: bigint('sequence', { mode: 'number' }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    deliveredAt: moment('delivered_at'),
  },
  (t) => [
    unique('domain_events_aggregate_sequence').on(t.aggregate, t.sequence),
    index('domain_events_undelivered_idx')
      .on(t.createdAt)
      .where(sql`delivered_at IS NULL`),
  ],
);

/** What a consumer has applied: one row per (consumer, event), so a second delivery is a no-op. */
export const domainEventReceipts = pgTable(
  'domain_event_receipts',
  {
    consumer: text('consumer').notNull(),
    eventId: text('event_id').notNull(),
    appliedAt: createdAt(),
  },
  (t) => [unique('domain_event_receipts_once').on(t.consumer, t.eventId)],
);
