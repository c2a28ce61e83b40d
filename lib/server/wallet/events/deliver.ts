import 'server-only';
import { sql } from 'drizzle-orm';
import type { DomainEventType } from '@/lib/schemas/domain-events';
import { logger } from '@/lib/logger';
import { getDb } from '@/lib/server/db';
import { defineJob } from '@/lib/server/jobs';
import type { Tx } from '@/lib/server/wallet/ledger';

/** An event as delivered: its contract's payload with its place in its aggregate's history. */
export type DeliveredEvent = {
  id: string;
  type: DomainEventType;
  version: number;
  aggregate: string;
  sequence: number;
  payload: Record<string, unknown>;
  createdAt: string;
};

/**
 * Something that acts on events (a bonus engine, a VIP engine, a report). `apply` runs in a
 * transaction with the consumer's receipt for the event: an event delivered twice is applied
 * once, and what `apply` writes commits with its receipt or not at all.
 */
export type Consumer = {
  name: string;
  types: readonly DomainEventType[];
  apply: (tx: Tx, event: DeliveredEvent) => Promise<void>;
};

const holder = globalThis as { __eventConsumers?: Map<string, Consumer> };
const consumers = (holder.__eventConsumers ??= new Map());

/** Registers a consumer (once per name; a module that registers twice replaces itself). */
export function consume(consumer: Consumer): () => void {
  consumers.set(consumer.name, consumer);
  return () => void consumers.delete(consumer.name);
}

/** Applies one event for one consumer, unless its receipt says it already was. */
async function applyOnce(consumer: Consumer, event: DeliveredEvent): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const { rows } = (await tx.execute(sql`
      INSERT INTO domain_event_receipts (consumer, event_id) VALUES (${consumer.name}, ${event.id})
      ON CONFLICT DO NOTHING RETURNING event_id`)) as { rows: unknown[] };
    if (rows.length) await consumer.apply(tx, event);
  });
}

const BATCH = 100;

/**
 * One pass: the oldest undelivered events, each given to every consumer of its type, then marked
 * delivered. A consumer that fails leaves the event undelivered for the next pass (at least once;
 * the others' receipts keep them from applying it again). Answers whether a full batch was read
 * (more may wait) and whether an event is left for a later pass.
 */
export async function deliverPending(): Promise<{ more: boolean; left: boolean }> {
  const db = await getDb();
  const { rows } = (await db.execute(sql`
    SELECT id, type, version, aggregate, sequence::int AS sequence, payload,
      created_at::text AS "createdAt"
    FROM domain_events WHERE delivered_at IS NULL ORDER BY created_at LIMIT ${BATCH}`)) as {
    rows: DeliveredEvent[];
  };
  let left = false;
  const delivered: string[] = [];
  for (const event of rows) {
    let done = true;
    for (const consumer of consumers.values()) {
      if (!consumer.types.includes(event.type)) continue;
      try {
        await applyOnce(consumer, event);
      } catch (err) {
        done = false;
        // Stryker disable next-line all: a log line
        logger.error({ err, consumer: consumer.name, event: event.id }, 'event not applied');
      }
    }
    left ||= !done;
    if (done) delivered.push(event.id);
  }
  // Marked in one statement for the pass (a bet's event would otherwise cost a commit of its own):
  // a server that dies before it delivers the pass again, and the receipts keep that harmless.
  if (delivered.length) {
    await db.execute(sql`UPDATE domain_events SET delivered_at = now()
      WHERE id IN (${sql.join(
        delivered.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) AND delivered_at IS NULL`);
  }
  return { more: rows.length === BATCH, left };
}

const RETRY_SECONDS = 30;

const deliveryJob = defineJob<Record<string, never>>(
  'deliver-events',
  async () => {
    let more = false;
    let failed = false;
    try {
      const pass = await deliverPending();
      more = pass.more;
      failed = pass.left;
    } catch (err) {
      failed = true;
      // Stryker disable next-line all: a log line
      logger.warn({ err }, 'event delivery pass failed; trying again');
    }
    // A retry waits under its own key: under the requests' key it would take their one waiting
    // place, and every event committed meanwhile would wait for it too.
    if (failed) {
      await deliveryJob.enqueue({}, { singletonKey: 'events-retry', startAfter: RETRY_SECONDS });
    } else if (more) {
      await deliveryJob.enqueue({}, { singletonKey: 'events' });
    }
  },
  { retryLimit: 0, policy: 'stately', expireInSeconds: 120 },
);

/** At most one delivery request a process sends in this long; the last one of a burst is kept. */
const REQUEST_GAP_MS = 200;
let requestedAt = 0;
let trailing: ReturnType<typeof setTimeout> | undefined;

// Stryker disable next-line all: a log line
const notStarted = (err: unknown) => logger.warn({ err }, 'event delivery not started');

/**
 * Starts a delivery pass soon (after a posting wrote events; at server start for leftovers). A
 * burst of postings — a player's autobet, a hundred players betting — asks once per gap, and once
 * more at the gap's end, so an event committed while a pass was already reading is still
 * delivered by the pass after it: one queue write per gap instead of one per posting.
 */
export async function deliverSoon(): Promise<void> {
  const now = Date.now();
  if (now - requestedAt >= REQUEST_GAP_MS) {
    requestedAt = now;
    await deliveryJob.enqueue({}, { singletonKey: 'events' });
    return;
  }
  if (trailing) return;
  // Only for the database these events are in: one closed meanwhile (a test's) is left alone.
  const database = globalThis.__dbHandle;
  trailing = setTimeout(
    () => {
      trailing = undefined;
      if (globalThis.__dbHandle !== database) return;
      requestedAt = Date.now();
      deliveryJob.enqueue({}, { singletonKey: 'events' }).catch(notStarted);
    },
    REQUEST_GAP_MS - (now - requestedAt),
  );
  trailing.unref();
}
