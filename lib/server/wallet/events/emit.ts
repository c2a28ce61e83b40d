import 'server-only';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  domainEventSchemas,
  type DomainEventPayload,
  type DomainEventType,
} from '@/lib/schemas/domain-events';
import type { Tx } from '@/lib/server/wallet/ledger';
import { markEmitted } from '@/lib/server/wallet/ledger-retry';

/**
 * Writes a domain event in the transaction of the change it describes, so it exists exactly when
 * the change does. `aggregate` names what it is about (`bet:<id>`, `withdrawal:<id>`): its
 * sequence number counts that aggregate's events. The payload is checked against the contract —
 * an event a consumer cannot read is a bug here, not there. Answers the event id.
 */
export async function emitEvent<T extends DomainEventType>(
  tx: Tx,
  type: T,
  aggregate: string,
  payload: Omit<DomainEventPayload<T>, 'eventId'>,
): Promise<string> {
  const { version, schema } = domainEventSchemas[type];
  const id = randomUUID();
  const body = schema.parse({ ...payload, eventId: id });
  await tx.execute(sql`
    INSERT INTO domain_events (id, type, version, aggregate, sequence, payload)
    SELECT ${id}::uuid, ${type}, ${version}, ${aggregate}, coalesce(max(sequence), 0) + 1,
      ${JSON.stringify(body)}::jsonb
    FROM domain_events WHERE aggregate = ${aggregate}`);
  markEmitted();
  return id;
}
