import 'server-only';
import { and, desc, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  drawerNoticeSchema,
  popupNoticeSchema,
  type NoticeAudience,
  type NoticeFilter,
  type NoticesPage,
  type PopupNotice,
  type UnreadCount,
} from '@/lib/schemas/notifications';
import { getDb } from '@/lib/server/db';
import { noticeReads, notices, noticeTexts, noticeWatermarks, users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { decodeCursor, encodeCursor, exactTime } from '@/lib/server/http/cursor';

type Reader = { id: string; language: string; vipLevel: number };

async function reader(userId: string): Promise<Reader> {
  const db = await getDb();
  const [row] = await db
    .select({ id: users.id, language: users.language, vipLevel: users.vipLevel })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new ApiError('UNAUTHORIZED');
  return row;
}

/** Released, not withdrawn, not expired, and meant for this player (their own, or their segment). */
function visibleTo(me: Reader, audience?: NoticeAudience): SQL {
  const live = and(
    lte(notices.releaseTime, sql`now()`),
    isNull(notices.withdrawnAt),
    or(isNull(notices.expiresAt), gt(notices.expiresAt, sql`now()`)),
  )!;
  const platform = and(
    eq(notices.audience, 'platform'),
    or(isNull(notices.segmentLanguage), eq(notices.segmentLanguage, me.language)),
    or(isNull(notices.segmentVipLevel), eq(notices.segmentVipLevel, me.vipLevel)),
  )!;
  const personal = and(eq(notices.audience, 'personal'), eq(notices.userId, me.id))!;
  const mine =
    audience === 'platform'
      ? platform
      : audience === 'personal'
        ? personal
        : or(platform, personal)!;
  return and(live, mine)!;
}

/** Unread: released after the player's watermark for its tab, and not marked one by one. */
const isNew = sql<boolean>`(${notices.releaseTime} > coalesce(${noticeWatermarks.readUntil}, '-infinity'::timestamptz) AND ${noticeReads.noticeId} IS NULL)`;

/** The notice's message in the reader's language when it has one, else the English. */
const shownMessage = sql<string>`coalesce(${noticeTexts.message}, ${notices.message})`;

/**
 * Notices with their read state for one player (the two read tables joined) and their text in the
 * player's language (else the notice's English), newest first.
 */
async function withReadState(me: Reader, where: SQL | undefined, limit: number) {
  const db = await getDb();
  const rows = await db
    .select({
      notice: notices,
      isNew,
      title: sql<string>`coalesce(${noticeTexts.title}, ${notices.title})`,
      message: shownMessage,
    })
    .from(notices)
    .leftJoin(
      noticeTexts,
      and(eq(noticeTexts.noticeId, notices.id), eq(noticeTexts.language, me.language)),
    )
    .leftJoin(
      noticeWatermarks,
      and(eq(noticeWatermarks.userId, me.id), eq(noticeWatermarks.audience, notices.audience)),
    )
    .leftJoin(noticeReads, and(eq(noticeReads.userId, me.id), eq(noticeReads.noticeId, notices.id)))
    .where(where)
    .orderBy(desc(notices.releaseTime), desc(notices.id))
    .limit(limit);
  return rows.map(({ notice, isNew: unread, title, message }) => ({
    notice: { ...notice, title, message },
    isNew: unread,
  }));
}

/** One tab of the drawer, newest first, filtered by read state, in cursor pages. */
export async function listNotices(
  userId: string,
  query: { type: NoticeAudience; filter: NoticeFilter; cursor?: string; limit: number },
): Promise<NoticesPage> {
  const me = await reader(userId);
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await withReadState(
    me,
    and(
      visibleTo(me, query.type),
      query.filter === 'unread' ? sql`${isNew}` : undefined,
      query.filter === 'read' ? sql`NOT ${isNew}` : undefined,
      after
        ? sql`(${notices.releaseTime}, ${notices.id}) < (${after.time}::timestamptz, ${after.id}::uuid)`
        : undefined,
    ),
    query.limit + 1,
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  // The exact time of the last item, as text to the microsecond (a JS Date keeps milliseconds).
  const lastTime = last
    ? ((
        await (
          await getDb()
        )
          .select({
            t: sql<string>`${sql.raw(exactTime('release_time'))}`,
          })
          .from(notices)
          .where(eq(notices.id, last.notice.id))
      )[0]?.t ?? null)
    : null;
  return {
    items: page.map(({ notice: n, isNew: unread }) =>
      drawerNoticeSchema.parse({
        _id: n.id,
        category: n.category,
        title: n.title,
        message: n.message,
        image: n.image,
        link: n.link,
        releaseTime: n.releaseTime.toISOString(),
        isNew: Boolean(unread),
      }),
    ),
    nextCursor:
      rows.length > query.limit && last && lastTime
        ? encodeCursor({ time: lastTime, id: last.notice.id })
        : null,
  };
}

export async function unreadCount(userId: string): Promise<UnreadCount> {
  const me = await reader(userId);
  const [row] = await (
    await getDb()
  )
    .select({
      personal: sql<number>`count(*) FILTER (WHERE ${notices.audience} = 'personal' AND ${isNew})::int`,
      platform: sql<number>`count(*) FILTER (WHERE ${notices.audience} = 'platform' AND ${isNew})::int`,
    })
    .from(notices)
    .leftJoin(
      noticeWatermarks,
      and(eq(noticeWatermarks.userId, me.id), eq(noticeWatermarks.audience, notices.audience)),
    )
    .leftJoin(noticeReads, and(eq(noticeReads.userId, me.id), eq(noticeReads.noticeId, notices.id)))
    .where(visibleTo(me));
  return { personalCount: row?.personal ?? 0, platformCount: row?.platform ?? 0 };
}

/** Marks one notice the player can see as read (again: nothing changes); answers the new counts. */
export async function markRead(
  userId: string,
  body: { notificationId: string; type: NoticeAudience },
): Promise<UnreadCount> {
  const me = await reader(userId);
  const db = await getDb();
  const [visible] = await db
    .select({ id: notices.id })
    .from(notices)
    .where(and(eq(notices.id, body.notificationId), visibleTo(me, body.type)));
  if (!visible) throw new ApiError('NOT_FOUND');
  await db.insert(noticeReads).values({ userId, noticeId: visible.id }).onConflictDoNothing();
  return unreadCount(userId);
}

/** Mark all of a tab: its watermark moves to now (never back); marks below it are no longer needed. */
export async function markAllRead(
  userId: string,
  type: 'private' | 'public',
): Promise<UnreadCount> {
  const audience: NoticeAudience = type === 'private' ? 'personal' : 'platform';
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx
      .insert(noticeWatermarks)
      .values({ userId, audience, readUntil: sql`now()` })
      .onConflictDoUpdate({
        target: [noticeWatermarks.userId, noticeWatermarks.audience],
        set: { readUntil: sql`greatest(${noticeWatermarks.readUntil}, now())` },
      });
    await tx.execute(
      sql`DELETE FROM ${noticeReads} r USING ${notices} n WHERE r.notice_id = n.id AND r.user_id = ${userId} AND n.audience = ${audience} AND n.release_time <= now()`,
    );
  });
  return unreadCount(userId);
}

/** Header popups: the player's unread notices of the last day that have a message, newest first. */
export async function popupNotices(userId: string): Promise<PopupNotice[]> {
  const me = await reader(userId);
  const rows = await withReadState(
    me,
    and(
      visibleTo(me),
      sql`${isNew}`,
      sql`${shownMessage} <> ''`,
      gt(notices.releaseTime, sql`now() - interval '1 day'`),
    ),
    5,
  );
  return rows.map(({ notice: n }) =>
    popupNoticeSchema.parse({
      id: n.id,
      type: 'POPUPNOTIFICATION',
      payload: { message: n.message, data: { title: n.title, image: n.image, link: n.link } },
      releaseTime: n.releaseTime.toISOString(),
      isNew: true,
    }),
  );
}
