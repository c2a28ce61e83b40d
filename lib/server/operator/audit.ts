import 'server-only';
import { getDb } from '@/lib/server/db';
import { operatorAudit } from '@/lib/server/db/schema';
import type { Tx } from '@/lib/server/wallet/ledger';
import type { OperatorActor } from './auth';

export type AuditRecord = {
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
};

/** Writes the audit row inside the transaction of the change it records: both commit, or neither. */
export async function audit(tx: Tx, actor: OperatorActor, record: AuditRecord): Promise<void> {
  await tx.insert(operatorAudit).values({
    actor: actor.id,
    role: actor.role,
    action: record.action,
    target: record.target,
    before: record.before ?? null,
    after: record.after ?? null,
  });
}

/** An audit row for a read (who looked at what, when): nothing else to commit with it. */
export async function auditNow(actor: OperatorActor, record: AuditRecord): Promise<void> {
  const db = await getDb();
  await db.transaction((tx) => audit(tx, actor, record));
}
