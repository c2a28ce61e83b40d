import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { documentsOfLevel, type OperatorWithdrawalCap } from '@/lib/schemas/kyc';
import { getDb } from '@/lib/server/db';
import { kycDocuments, kycLevels, users, withdrawalCaps } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { audit } from '@/lib/server/operator/audit';
import type { OperatorActor } from '@/lib/server/operator/auth';
import { documentRows, latestByKind, shownDocument } from './levels';

/** Levels waiting for a reviewer, oldest first, with the player and the documents to look at. */
export async function reviewQueue(status: 'pending' | 'approved' | 'rejected') {
  const db = await getDb();
  const rows = await db
    .select({
      userId: kycLevels.userId,
      level: kycLevels.level,
      status: kycLevels.status,
      reason: kycLevels.reason,
      updatedAt: kycLevels.updatedAt,
      memberNo: users.memberNo,
      username: users.username,
    })
    .from(kycLevels)
    .innerJoin(users, eq(users.id, kycLevels.userId))
    .where(and(eq(kycLevels.status, status), inArray(kycLevels.level, [2, 3])))
    .orderBy(asc(kycLevels.updatedAt))
    .limit(100);
  return Promise.all(
    rows.map(async (r) => {
      const kinds = documentsOfLevel[r.level === 2 ? 2 : 3];
      const docs = latestByKind(await documentRows(r.userId)).filter((d) => kinds.includes(d.kind));
      return {
        userId: r.userId,
        memberId: String(r.memberNo),
        username: r.username,
        level: r.level,
        status: r.status,
        reason: r.reason,
        updatedAt: r.updatedAt.toISOString(),
        documents: docs.map(shownDocument),
      };
    }),
  );
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
  decision: { decision: 'approve' } | { decision: 'reject'; reason: string },
) {
  if (level === 1) throw new ApiError('VALIDATION_ERROR', 'level');
  const status = decision.decision === 'approve' ? 'approved' : 'rejected';
  const reason = decision.decision === 'reject' ? decision.reason : null;
  const kinds = documentsOfLevel[level === 2 ? 2 : 3];
  const latest = latestByKind(await documentRows(userId)).filter((d) => kinds.includes(d.kind));
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(kycLevels)
      .set({ status, reason, reviewedBy: actor.id, reviewedAt: new Date(), updatedAt: new Date() })
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
        .set({ status, reason })
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
      after: { status, reason },
    });
    return { userId, level, status, reason };
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
