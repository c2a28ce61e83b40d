import 'server-only';
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import {
  domainEventSchemas,
  type DomainEventPayload,
  type DomainEventType,
} from '@/lib/schemas/domain-events';
import type { Tx } from '@/lib/server/wallet/ledger';
import { markEmitted } from '@/lib/server/wallet/ledger-retry';

/**
 * A domain event checked against its contract and made into its INSERT, not yet run: for a
 * caller that writes it in one statement with the change it describes. `aggregate` names what it
 * is about (`bet:<id>`, `withdrawal:<id>`): its sequence number counts that aggregate's events. The
 * payload is checked here — an event a consumer cannot read is a bug here, not there.
 */
export function prepareEvent<T extends DomainEventType>(
  type: T,
  aggregate: string,
  payload: Omit<DomainEventPayload<T>, 'eventId'>,
): { id: string; insert: SQL } {
  const { version, schema } = domainEventSchemas[type];
  const id = randomUUID();
  const body = schema.parse({ ...payload, eventId: id });
  return {
    id,
    insert: sql`
      INSERT INTO domain_events (id, type, version, aggregate, sequence, payload)
      SELECT ${id}::uuid, ${type}, ${version}, ${aggregate}, coalesce(max(sequence), 0) + 1,
        ${JSON.stringify(body)}::jsonb
      FROM domain_events WHERE aggregate = ${aggregate}`,
  };
}

/**
 * Writes a domain event in the transaction of the change it describes, so it exists exactly when
 * the change does (see `prepareEvent`). Answers the event id.
 */
export async function emitEvent<T extends DomainEventType>(
  tx: Tx,
  type: T,
  aggregate: string,
  payload: Omit<DomainEventPayload<T>, 'eventId'>,
): Promise<string> {
  const { id, insert } = prepareEvent(type, aggregate, payload);
  await tx.execute(insert);
  markEmitted();
  return id;
}
