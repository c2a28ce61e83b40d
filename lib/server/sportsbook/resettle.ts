import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { resettleRequestSchema, type EventResettleBody } from '@/lib/schemas/sportsbook';
import type { FinalScore } from '@/lib/sportsbook/settle';
import { getDb } from '@/lib/server/db';
import { approvals, sportsEvents } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { audit } from '@/lib/server/operator/audit';
import type { OperatorActor } from '@/lib/server/operator/auth';
import { APPROVER_ROLES } from '@/lib/server/operator/four-eyes';
import { currentRates } from '@/lib/server/wallet/rates';
import { cachedPrecision, formatMinor } from '@/lib/server/wallet/amounts';
import type { Tx } from '@/lib/server/wallet/ledger';
import { resultMarkets, settleJob } from './settlement';

/*
 * Resettlement: an event already closed gets a corrected result (a new score, or void). Its
 * markets and legs take the new results in one transaction, then the settlement job settles each
 * bet again at its next version, moving only the difference. Where a bet the event touches has
 * paid anything, taking money back (or paying more) waits for a second staff member: the request
 * becomes an approval, run as asked when approved — unless the result changed meanwhile.
 */

const KIND = 'sportsbook.resettle' as const;

type ResettleRequest = z.infer<typeof resettleRequestSchema>;

const toScore = (result: EventResettleBody['result']): FinalScore | null => {
  if (!result) return null;
  const full = result.full ?? result.regulation;
  return {
    regulation: [result.regulation.home, result.regulation.away],
    full: [full.home, full.away],
  };
};

/** Two results alike, whatever the order of their keys (jsonb keeps its own). */
const sameResult = (a: FinalScore | null, b: FinalScore | null) =>
  a === null || b === null
    ? a === b
    : a.regulation.join() === b.regulation.join() && a.full.join() === b.full.join();

/** The bets on the event that paid something: a correction of theirs needs four eyes. */
async function paidBets(eventId: number) {
  const db = await getDb();
  const { rows } = (await db.execute(sql`
    SELECT b.currency, count(*)::int AS bets, sum(b.payout)::text AS paid
    FROM sports_bets b
    WHERE b.state = 'settled' AND b.payout > 0
      AND EXISTS (SELECT 1 FROM sports_bet_legs l WHERE l.bet_id = b.id AND l.event_id = ${eventId})
    GROUP BY b.currency`)) as { rows: Array<{ currency: string; bets: number; paid: string }> };
  return rows;
}

/** What the bets paid, in USD at today's rates (null: a currency without a rate). */
async function paidUsd(rows: Awaited<ReturnType<typeof paidBets>>): Promise<string | null> {
  const [{ rates }, precision] = await Promise.all([currentRates(), cachedPrecision()]);
  let usd = 0;
  for (const row of rows) {
    const rate = rates[row.currency]?.USD;
    const decimals = precision.get(row.currency);
    if (rate === undefined || decimals === undefined) return null;
    usd += Number(formatMinor(BigInt(row.paid), decimals)) * rate;
  }
  return usd.toFixed(2);
}

/**
 * A corrected result from staff. Refused for an event still open (enter its result instead) or
 * for the result it already has. At once when no bet on it paid anything; otherwise an approval
 * for a different staff member. The same key again answers the same request.
 */
export async function requestResettlement(
  actor: OperatorActor,
  eventId: number,
  body: EventResettleBody,
) {
  const db = await getDb();
  const [event] = await db.select().from(sportsEvents).where(eq(sportsEvents.id, eventId));
  if (!event) throw new ApiError('NOT_FOUND');
  const [asked] = await db
    .select()
    .from(approvals)
    .where(
      and(
        eq(approvals.requestedBy, actor.id),
        eq(approvals.kind, KIND),
        eq(approvals.key, body.idempotencyKey),
      ),
    );
  const result = toScore(body.result);
  if (asked) {
    const stored = resettleRequestSchema.parse(asked.payload);
    const same =
      stored.eventId === eventId &&
      stored.reason === body.reason &&
      sameResult(stored.result, result);
    if (!same) throw new ApiError('IDEMPOTENCY_KEY_REUSED');
    return { id: eventId, status: 'pending' as const, approvalId: asked.id };
  }
  if (event.state === 'scheduled' || event.state === 'live')
    throw new ApiError('SPORTS_EVENT_OPEN');
  if (sameResult(event.result, result)) {
    throw new ApiError('SPORTS_RESULT_UNCHANGED');
  }
  const request: ResettleRequest = {
    eventId,
    match: `${event.home} – ${event.away}`,
    result,
    from: event.result,
    reason: body.reason,
    idempotencyKey: body.idempotencyKey,
  };
  const paid = await paidBets(eventId);
  if (!paid.length) {
    await applyResettlement(actor, request);
    return { id: eventId, status: 'resettled' as const };
  }
  const usd = await paidUsd(paid);
  const approvalId = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(approvals)
      .values({
        kind: KIND,
        target: `sports-event:${eventId}`,
        userId: null,
        payload: request,
        key: body.idempotencyKey,
        requestedBy: actor.id,
        requestedRole: actor.role,
        approverRoles: APPROVER_ROLES[KIND],
        usd,
      })
      // The same request twice at once: one approval, the other answers it.
      .onConflictDoNothing()
      .returning();
    if (!created) return null;
    await audit(tx, actor, {
      action: 'approval.request',
      target: `approval:${created.id}`,
      after: {
        kind: KIND,
        payload: request,
        bets: paid.reduce((n, r) => n + r.bets, 0),
        usd,
      },
    });
    return created.id;
  });
  if (!approvalId) return requestResettlement(actor, eventId, body);
  return { id: eventId, status: 'pending' as const, approvalId };
}

/**
 * Runs a resettlement: the event takes the new result — only if it still has the one the request
 * corrected — its markets and legs theirs, the approval (if any) is marked, all audited in one
 * transaction; then the job settles its bets again.
 */
async function applyResettlement(
  actor: OperatorActor,
  request: ResettleRequest,
  approved?: { approvalId: string; approver: OperatorActor; note?: string },
): Promise<void> {
  const { eventId, result, from, reason } = request;
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(sportsEvents)
      .set({ state: result ? 'ended' : 'abandoned', result, updatedAt: sql`now()` })
      .where(
        and(
          eq(sportsEvents.id, eventId),
          inArray(sportsEvents.state, ['ended', 'abandoned']),
          sql`${sportsEvents.result} IS NOT DISTINCT FROM ${from === null ? null : JSON.stringify(from)}::jsonb`,
        ),
      )
      .returning({ id: sportsEvents.id });
    // Another correction (or the same one) landed first: this one was made against an old result.
    if (!changed) throw new ApiError('CONFLICT', 'event');
    await resultMarkets(tx, eventId, result);
    if (approved) await markApproved(tx, approved, eventId);
    await audit(tx, approved?.approver ?? actor, {
      action: 'sportsbook.event.resettle',
      target: `sports-event:${eventId}`,
      before: { result: from },
      after: {
        result,
        reason,
        ...(approved ? { requestedBy: actor.id, approvalId: approved.approvalId } : {}),
      },
    });
  });
  await settleJob.enqueue({ eventId });
}

async function markApproved(
  tx: Tx,
  { approvalId, approver, note }: { approvalId: string; approver: OperatorActor; note?: string },
  eventId: number,
): Promise<void> {
  const [row] = await tx
    .update(approvals)
    .set({
      status: 'approved',
      decidedBy: approver.id,
      decidedAt: new Date(),
      note: note ?? null,
      result: { eventId },
    })
    .where(and(eq(approvals.id, approvalId), eq(approvals.status, 'pending')))
    .returning({ id: approvals.id });
  if (!row) throw new ApiError('CONFLICT', 'approval');
}

/** A resettlement approved by a different staff member: run as its requester asked it. */
export async function approveResettlement(
  row: typeof approvals.$inferSelect,
  approver: OperatorActor,
  note?: string,
): Promise<void> {
  const request = resettleRequestSchema.parse(row.payload);
  const requester: OperatorActor = { id: row.requestedBy, role: row.requestedRole };
  await applyResettlement(requester, request, { approvalId: row.id, approver, note });
}
