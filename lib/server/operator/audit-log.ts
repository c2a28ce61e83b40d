import 'server-only';
import { and, desc, eq, gte, like, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditFilter } from '@/lib/schemas/operator';
import { getDb } from '@/lib/server/db';
import { operatorAudit, staff } from '@/lib/server/db/schema';

/** `like` on a prefix the operator typed: their `%` and `_` are matched as themselves. */
const startsWith = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const nextDay = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date;
};

/** The audit trail, newest first, a page at a time: who did what to what, with before and after. */
export async function auditLog(filter: AuditFilter & { offset: number; limit: number }) {
  const db = await getDb();
  const where: SQL[] = [];
  if (filter.action) where.push(like(operatorAudit.action, startsWith(filter.action)));
  if (filter.target) where.push(like(operatorAudit.target, startsWith(filter.target)));
  if (filter.actor) where.push(eq(operatorAudit.actor, filter.actor));
  if (filter.from) where.push(gte(operatorAudit.createdAt, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) where.push(lt(operatorAudit.createdAt, nextDay(filter.to)));
  const rows = await db
    .select({ entry: operatorAudit, actorName: staff.name })
    .from(operatorAudit)
    // A staff actor is `staff:<id>`: their name as it is now, for the people reading the trail.
    .leftJoin(staff, sql`${operatorAudit.actor} = 'staff:' || ${staff.id}::text`)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(operatorAudit.createdAt), desc(operatorAudit.id))
    .offset(filter.offset)
    .limit(filter.limit);
  return rows.map(({ entry, actorName }) => ({
    id: entry.id,
    actor: entry.actor,
    actorName,
    role: entry.role,
    action: entry.action,
    target: entry.target,
    before: entry.before ?? null,
    after: entry.after ?? null,
    createdAt: entry.createdAt.toISOString(),
  }));
}
