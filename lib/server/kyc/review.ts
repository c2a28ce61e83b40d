import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  approvedLevel,
  documentsOfLevel,
  type KycCase,
  type KycQueueItem,
  type KycQueueQuery,
  type KycReview,
  type OperatorWithdrawalCap,
} from '@/lib/schemas/kyc';
import { getDb } from '@/lib/server/db';
import { kycDocuments, kycLevels, users, withdrawalCaps } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { audit, auditNow } from '@/lib/server/operator/audit';
import type { OperatorActor } from '@/lib/server/operator/auth';
import { documentRows, latestByKind, levelRows, shownDocument } from './levels';

/**
 * Levels 2 and 3 in one review state, oldest first (the longest wait on top), a page at a time, with
 * the player and the documents to look at. No personal details: those are read one case at a time
 * (`reviewCase`), and that read is audited.
 */
export async function reviewQueue(query: KycQueueQuery): Promise<KycQueueItem[]> {
  const db = await getDb();
  const rows = await db
    .select({
      userId: kycLevels.userId,
      level: kycLevels.level,
      status: kycLevels.status,
      reason: kycLevels.reason,
      note: kycLevels.note,
      updatedAt: kycLevels.updatedAt,
      memberNo: users.memberNo,
      username: users.username,
    })
    .from(kycLevels)
    .innerJoin(users, eq(users.id, kycLevels.userId))
    .where(
      and(
        eq(kycLevels.status, query.status),
        query.level ? eq(kycLevels.level, query.level) : inArray(kycLevels.level, [2, 3]),
      ),
    )
    .orderBy(asc(kycLevels.updatedAt), asc(kycLevels.id))
    .offset(query.offset)
    .limit(query.limit);
  return Promise.all(
    rows.map(async (r) => ({
      userId: r.userId,
      memberId: String(r.memberNo),
      username: r.username,
      level: r.level === 2 ? 2 : 3,
      status: r.status,
      reason: r.reason,
      note: r.note,
      since: r.updatedAt.toISOString(),
      documents: levelDocuments(r.level, await documentRows(r.userId)).map(shownDocument),
    })),
  );
}

const levelDocuments = (level: number, rows: Awaited<ReturnType<typeof documentRows>>) => {
  const kinds = documentsOfLevel[level === 2 ? 2 : 3];
  return latestByKind(rows).filter((d) => kinds.includes(d.kind));
};

/**
 * One player's verification as a reviewer needs it: the level-1 details to hold the documents
 * against, each level's state and the latest documents. Personal data: the read is audited.
 */
export async function reviewCase(actor: OperatorActor, userId: string): Promise<KycCase> {
  const db = await getDb();
  const [player] = await db
    .select({ memberNo: users.memberNo, username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  if (!player) throw new ApiError('NOT_FOUND');
  const [levels, documents] = await Promise.all([levelRows(userId), documentRows(userId)]);
  await auditNow(actor, { action: 'kyc.case.read', target: `player:${userId}` });
  return {
    userId,
    memberId: String(player.memberNo),
    username: player.username,
    currentLevel: approvedLevel(levels),
    details: levels.find((l) => l.level === 1)?.details ?? null,
    levels: levels
      .filter((l) => l.level !== 1)
      .sort((a, b) => a.level - b.level)
      .map((l) => ({
        level: l.level === 2 ? 2 : 3,
        status: l.status,
        reason: l.reason,
        note: l.note,
        since: l.updatedAt.toISOString(),
        documents: levelDocuments(l.level, documents).map(shownDocument),
      })),
  };
}

/**
 * A reviewer's decision on a pending level (role risk or admin): the level and its latest
 * documents take it in one transaction with the audit row; only a pending level can be decided,
 * so two reviewers deciding at once decide once.
 */
export async function reviewLevel(
  actor: OperatorActor,
  userId: string,
  level: number,
  decision: KycReview,
) {
  if (level === 1) throw new ApiError('VALIDATION_ERROR', 'level');
  const status = decision.decision === 'approve' ? 'approved' : 'rejected';
  const reason = decision.decision === 'reject' ? decision.reason : null;
  const note = (decision.decision === 'reject' && decision.note) || null;
  const latest = levelDocuments(level, await documentRows(userId));
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(kycLevels)
      .set({
        status,
        reason,
        note,
        reviewedBy: actor.id,
        reviewedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(kycLevels.userId, userId),
          eq(kycLevels.level, level),
          eq(kycLevels.status, 'pending'),
        ),
      )
      .returning({ level: kycLevels.level, status: kycLevels.status });
    if (!row) throw new ApiError('CONFLICT', 'status');
    if (latest.length) {
      await tx
        .update(kycDocuments)
        .set({ status, reason, note })
        .where(
          inArray(
            kycDocuments.id,
            latest.map((d) => d.id),
          ),
        );
    }
    await audit(tx, actor, {
      action: `kyc.${decision.decision}`,
      target: `player:${userId}:level:${level}`,
      before: { status: 'pending' },
      after: { status, reason, note },
    });
    return { userId, level, status, reason, note };
  });
}

/** Whole USD as the operator API writes it ("5000.00"); null stays null. */
const usdText = (value: number | null) => (value === null ? null : `${value}.00`);
/** A decimal string of whole USD ("5000" or "5000.00", checked by the schema) as stored. */
const wholeUsd = (value: string | null) => (value === null ? null : Number.parseInt(value, 10));

/**
 * Sets a level's withdrawal caps (USD per 24 hours and 30 days as decimal strings; null: none),
 * audited; answers them as the operator API speaks them ("5000.00").
 */
export async function setCap(
  actor: OperatorActor,
  body: OperatorWithdrawalCap,
): Promise<OperatorWithdrawalCap> {
  const cap = {
    level: body.level,
    dailyUsd: wholeUsd(body.dailyUsd),
    monthlyUsd: wholeUsd(body.monthlyUsd),
  };
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(withdrawalCaps)
      .where(eq(withdrawalCaps.level, cap.level));
    await tx
      .insert(withdrawalCaps)
      .values({ ...cap, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: withdrawalCaps.level,
        set: { dailyUsd: cap.dailyUsd, monthlyUsd: cap.monthlyUsd, updatedAt: new Date() },
      });
    await audit(tx, actor, {
      action: 'kyc.caps',
      target: `level:${cap.level}`,
      before: before
        ? { dailyUsd: usdText(before.dailyUsd), monthlyUsd: usdText(before.monthlyUsd) }
        : null,
      after: { dailyUsd: usdText(cap.dailyUsd), monthlyUsd: usdText(cap.monthlyUsd) },
    });
    return {
      level: cap.level,
      dailyUsd: usdText(cap.dailyUsd),
      monthlyUsd: usdText(cap.monthlyUsd),
    };
  });
}
