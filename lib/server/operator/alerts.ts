import 'server-only';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { logger } from '@/lib/logger';
import { getDb } from '@/lib/server/db';
import { operatorAlerts } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { audit } from './audit';
import type { OperatorActor } from './auth';

/**
 * Tells the operator something needs a person (also logged at error level for their monitoring).
 * One open alert per kind and target: a job that meets the same problem on every pass raises it once.
 */
export async function raiseAlert(
  kind: string,
  target: string,
  message: string,
  details?: Record<string, unknown>,
): Promise<void> {
  logger.error({ kind, target, ...details }, message);
  const db = await getDb();
  await db
    .insert(operatorAlerts)
    .values({ kind, target, message, details: details ?? null })
    .onConflictDoNothing();
}

/** Closes the open alert of this kind and target (the problem went away). */
export async function resolveAlert(kind: string, target: string): Promise<void> {
  const db = await getDb();
  await db
    .update(operatorAlerts)
    .set({ resolvedAt: sql`now()` })
    .where(
      and(
        eq(operatorAlerts.kind, kind),
        eq(operatorAlerts.target, target),
        isNull(operatorAlerts.resolvedAt),
      ),
    );
}

/** The open alerts, newest first. */
export async function openAlerts() {
  const db = await getDb();
  const rows = await db
    .select()
    .from(operatorAlerts)
    .where(isNull(operatorAlerts.resolvedAt))
    .orderBy(desc(operatorAlerts.createdAt))
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    target: r.target,
    message: r.message,
    details: r.details ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * A person closes an alert they have dealt with, saying how (one conditional update; audited). The
 * same problem met again raises a new alert.
 */
export async function resolveAlertById(actor: OperatorActor, id: string, note: string) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(operatorAlerts)
      .set({ resolvedAt: sql`now()`, resolvedBy: actor.id, resolution: note })
      .where(and(eq(operatorAlerts.id, id), isNull(operatorAlerts.resolvedAt)))
      .returning();
    if (!row) {
      const [exists] = await tx
        .select({ id: operatorAlerts.id })
        .from(operatorAlerts)
        .where(eq(operatorAlerts.id, id));
      throw new ApiError(exists ? 'CONFLICT' : 'NOT_FOUND', 'alert');
    }
    await audit(tx, actor, {
      action: 'alert.resolve',
      target: row.target,
      before: { alert: id, kind: row.kind, message: row.message },
      after: { alert: id, note },
    });
    return { id, resolvedAt: row.resolvedAt!.toISOString() };
  });
}
