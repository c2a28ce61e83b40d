import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PublishNotice } from '@/lib/schemas/notifications';
import { getDb } from '@/lib/server/db';
import { notices, noticeTexts, users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { audit } from '@/lib/server/operator/audit';
import type { OperatorActor } from '@/lib/server/operator/auth';
import { scheduleRelease } from './release';

const statusOf = (n: typeof notices.$inferSelect) =>
  n.withdrawnAt ? 'withdrawn' : n.releaseTime.getTime() > Date.now() ? 'scheduled' : 'released';

/**
 * Publishes (or schedules) a notice, audited in the same transaction; its release is queued for
 * its time. A release time in the past is now: a notice is never older than its publication
 * (a watermark set before it would otherwise hide it as read).
 */
export async function publishNotice(actor: OperatorActor, body: PublishNotice) {
  // Everyone or a segment is the admin's to address; support writes to one player at a time.
  if (body.audience === 'platform' && actor.role !== 'admin') throw new ApiError('FORBIDDEN');
  const db = await getDb();
  const releaseTime = new Date(Math.max(Date.now(), Date.parse(body.releaseTime ?? '') || 0));
  const notice = await db.transaction(async (tx) => {
    if (body.userId) {
      const [player] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, body.userId));
      if (!player) throw new ApiError('NOT_FOUND', 'userId');
    }
    const [row] = await tx
      .insert(notices)
      .values({
        audience: body.audience,
        userId: body.audience === 'personal' ? body.userId : null,
        segmentLanguage: body.segment?.language ?? null,
        segmentVipLevel: body.segment?.vipLevel ?? null,
        category: body.category,
        title: body.title,
        message: body.message,
        image: body.image ?? null,
        link: body.link ?? null,
        releaseTime,
        expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
        createdBy: actor.id,
      })
      .returning();
    const texts = Object.entries(body.texts ?? {}).flatMap(([language, text]) =>
      text ? [{ noticeId: row!.id, language, title: text.title, message: text.message }] : [],
    );
    if (texts.length) await tx.insert(noticeTexts).values(texts);
    await audit(tx, actor, {
      action: 'notice.publish',
      target: `notice:${row!.id}`,
      after: { ...body, releaseTime: releaseTime.toISOString() },
    });
    return row!;
  });
  await scheduleRelease(notice);
  return {
    id: notice.id,
    audience: notice.audience,
    releaseTime: notice.releaseTime.toISOString(),
    status: statusOf(notice),
  };
}

/**
 * Withdraws a notice (once; audited): it leaves every drawer, and a scheduled one is never sent.
 * A notice to everyone or a segment is the admin's to take back, as it was theirs to send.
 */
export async function withdrawNotice(actor: OperatorActor, id: string) {
  const db = await getDb();
  const notice = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(notices)
      .set({ withdrawnAt: sql`now()` })
      .where(
        and(
          eq(notices.id, id),
          isNull(notices.withdrawnAt),
          actor.role === 'admin' ? undefined : eq(notices.audience, 'personal'),
        ),
      )
      .returning();
    if (!row) {
      const [exists] = await tx
        .select({ audience: notices.audience })
        .from(notices)
        .where(eq(notices.id, id));
      throw exists?.audience === 'platform' && actor.role !== 'admin'
        ? new ApiError('FORBIDDEN')
        : new ApiError('NOT_FOUND');
    }
    await audit(tx, actor, {
      action: 'notice.withdraw',
      target: `notice:${id}`,
      before: { withdrawn: false },
      after: { withdrawn: true },
    });
    return row;
  });
  return {
    id: notice.id,
    audience: notice.audience,
    releaseTime: notice.releaseTime.toISOString(),
    status: statusOf(notice),
  };
}

/**
 * A personal notice the platform raises itself (deposit credited, withdrawal paid…): the one
 * function later features call. Released at once through the same job as the operator's.
 */
export async function notifyPlayer(
  userId: string,
  notice: { category: PublishNotice['category']; title: string; message: string; link?: string },
): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .insert(notices)
    .values({ audience: 'personal', userId, ...notice, link: notice.link ?? null })
    .returning({ id: notices.id, releaseTime: notices.releaseTime });
  await scheduleRelease(row!);
}
