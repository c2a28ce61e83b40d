import 'server-only';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { adjustmentSchema, type AdjustmentBody } from '@/lib/schemas/operator';
import type { Approval, ApprovalKind, ApprovalStatus } from '@/lib/schemas/risk';
import { getDb } from '@/lib/server/db';
import { approvals, ledgerTransactions, staff, users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { adjustBalance } from './adjustments';
import { audit } from './audit';
import type { OperatorActor } from './auth';
import { ADJUSTMENT_SCOPE, APPROVER_ROLES, lockRequest, NeedsApproval } from './four-eyes';
import { approveResettlement } from '@/lib/server/sportsbook/resettle';

const AUTOMATION = 'token:automation';

type Row = typeof approvals.$inferSelect;

/** The request as it was made: the same key with other content is not the same request. */
const sameRequest = (stored: Record<string, unknown>, body: AdjustmentBody) =>
  JSON.stringify(adjustmentSchema.parse(stored)) === JSON.stringify(body);

/**
 * A manual adjustment as the operator API takes it: posted at once while under the four-eyes
 * threshold, else an approval waits for a different staff member. The same key again answers
 * whatever became of it.
 */
export async function requestAdjustment(actor: OperatorActor, body: AdjustmentBody) {
  const asked = await findRequest(actor.id, 'balance.adjust', body.idempotencyKey);
  if (asked) return answer(asked, body);
  try {
    return { status: 'posted' as const, ...(await adjustBalance(actor, body)) };
  } catch (error) {
    if (!(error instanceof NeedsApproval)) throw error;
    const waiting = await openApproval(actor, body, error);
    // Posted by a retry of the same request meanwhile: that posting answers.
    if (!waiting) return { status: 'posted' as const, ...(await adjustBalance(actor, body)) };
    return answer(waiting, body, false);
  }
}

async function findRequest(requestedBy: string, kind: ApprovalKind, key: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(approvals)
    .where(
      and(eq(approvals.requestedBy, requestedBy), eq(approvals.kind, kind), eq(approvals.key, key)),
    );
  return row;
}

function answer(row: Row, body: AdjustmentBody, replayed = true) {
  if (!sameRequest(row.payload, body)) throw new ApiError('IDEMPOTENCY_KEY_REUSED');
  const transactionId = row.result?.transactionId;
  return {
    status: row.status === 'approved' ? ('posted' as const) : row.status,
    replayed,
    currency: body.currency,
    approvalId: row.id,
    ...(typeof transactionId === 'string' ? { transactionId } : {}),
  };
}

async function openApproval(actor: OperatorActor, body: AdjustmentBody, why: NeedsApproval) {
  const db = await getDb();
  const posted = await db.transaction(async (tx) => {
    await lockRequest(tx, actor.id, body.idempotencyKey);
    const [done] = await tx
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.scope, `${ADJUSTMENT_SCOPE}${actor.id}`),
          eq(ledgerTransactions.key, body.idempotencyKey),
        ),
      );
    if (done) return true;
    const [created] = await tx
      .insert(approvals)
      .values({
        kind: 'balance.adjust',
        target: body.round
          ? `round:${body.round.product}:${body.round.roundId}`
          : `player:${body.userId}`,
        userId: body.userId,
        payload: body,
        key: body.idempotencyKey,
        requestedBy: actor.id,
        requestedRole: actor.role,
        approverRoles: APPROVER_ROLES['balance.adjust'],
        usd: why.usd === null ? null : why.usd.toFixed(2),
      })
      // The same request twice at once: one approval.
      .onConflictDoNothing()
      .returning();
    if (!created) return false;
    await audit(tx, actor, {
      action: 'approval.request',
      target: `approval:${created.id}`,
      after: { kind: created.kind, payload: body, why: why.why, usd: created.usd },
    });
    return false;
  });
  if (posted) return null;
  const row = await findRequest(actor.id, 'balance.adjust', body.idempotencyKey);
  if (!row) throw new Error('approval vanished after its insert');
  return row;
}

async function pendingApproval(actor: OperatorActor, id: string) {
  const db = await getDb();
  const [row] = await db.select().from(approvals).where(eq(approvals.id, id));
  if (!row) throw new ApiError('NOT_FOUND');
  if (row.status !== 'pending') throw new ApiError('CONFLICT', 'approval');
  return row;
}

/**
 * A different staff member approves: the request runs as its requester asked it, and the posting
 * that runs it marks the approval (one conditional update; a second approver's posting rolls back).
 */
export async function approve(actor: OperatorActor, id: string, note?: string) {
  if (actor.id === AUTOMATION) throw new ApiError('FOUR_EYES');
  const row = await pendingApproval(actor, id);
  if (row.requestedBy === actor.id) throw new ApiError('FOUR_EYES');
  if (!row.approverRoles.includes(actor.role)) throw new ApiError('FORBIDDEN');
  if (row.kind === 'sportsbook.resettle') {
    await approveResettlement(row, actor, note);
    return approvalById(id);
  }
  const requester: OperatorActor = {
    id: row.requestedBy,
    role: row.requestedRole,
  };
  const body = adjustmentSchema.parse(row.payload);
  const done = await adjustBalance(requester, body, { approvalId: id, approver: actor, note });
  // Posted by an approver a moment ago: this call moved nothing.
  if (done.replayed) throw new ApiError('CONFLICT', 'approval');
  return approvalById(id);
}

/**
 * Refused by an approver with a note, or withdrawn by its requester (cancelled): one conditional
 * update, so a refusal and an approval at once cannot both win.
 */
export async function refuse(actor: OperatorActor, id: string, note: string) {
  const row = await pendingApproval(actor, id);
  const own = row.requestedBy === actor.id;
  if (!own && actor.id === AUTOMATION) throw new ApiError('FOUR_EYES');
  if (!own && !row.approverRoles.includes(actor.role)) throw new ApiError('FORBIDDEN');
  const status: ApprovalStatus = own ? 'cancelled' : 'refused';
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(approvals)
      .set({ status, decidedBy: actor.id, decidedAt: new Date(), note })
      .where(and(eq(approvals.id, id), eq(approvals.status, 'pending')))
      .returning({ id: approvals.id });
    if (!changed) throw new ApiError('CONFLICT', 'approval');
    await audit(tx, actor, {
      action: own ? 'approval.cancel' : 'approval.refuse',
      target: `approval:${id}`,
      before: { status: 'pending' },
      after: { status, note },
    });
  });
  return approvalById(id);
}

const requesterName = sql<string | null>`(SELECT ${staff.name} FROM ${staff}
  WHERE ${approvals.requestedBy} = 'staff:' || ${staff.id}::text)`;

function present(row: Row, username: string | null, requestedByName: string | null): Approval {
  return {
    id: row.id,
    kind: row.kind,
    target: row.target,
    userId: row.userId,
    username,
    payload: row.payload,
    usd: row.usd,
    requestedBy: row.requestedBy,
    requestedByName,
    approverRoles: row.approverRoles,
    status: row.status,
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    note: row.note,
    result: row.result ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function approvalById(id: string): Promise<Approval> {
  const [found] = await listApprovals({ id, offset: 0, limit: 1 });
  if (!found) throw new ApiError('NOT_FOUND');
  return found;
}

/** Approvals by status (pending first by default), oldest first while pending, a page at a time. */
export async function listApprovals(filter: {
  id?: string;
  status?: ApprovalStatus;
  userId?: string;
  offset: number;
  limit: number;
}): Promise<Approval[]> {
  const db = await getDb();
  const where: SQL[] = [];
  if (filter.id) where.push(eq(approvals.id, filter.id));
  if (filter.status) where.push(eq(approvals.status, filter.status));
  if (filter.userId) where.push(eq(approvals.userId, filter.userId));
  const rows = await db
    .select({ row: approvals, username: users.username, requestedByName: requesterName })
    .from(approvals)
    .leftJoin(users, eq(users.id, approvals.userId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(filter.status === 'pending' ? approvals.createdAt : desc(approvals.createdAt))
    .offset(filter.offset)
    .limit(filter.limit);
  return rows.map(({ row, username, requestedByName }) => present(row, username, requestedByName));
}
