import 'server-only';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { languageRoom, PLAYERS_ROOM, segmentRoom, vipRoom } from '@/lib/realtime/socket-auth';
import type { NotificationEvent } from '@/lib/schemas/notifications';
import { getDb } from '@/lib/server/db';
import { notices, users } from '@/lib/server/db/schema';
import { defineJob } from '@/lib/server/jobs';
import { emitToPlayer, emitToRoom } from '@/lib/server/realtime';

type Notice = typeof notices.$inferSelect;

/** The room a platform notice goes to: everyone signed in, or its segment's (never beyond it). */
function roomOf(n: Notice): string {
  if (n.segmentLanguage !== null && n.segmentVipLevel !== null) {
    return segmentRoom(n.segmentLanguage, n.segmentVipLevel);
  }
  if (n.segmentLanguage !== null) return languageRoom(n.segmentLanguage);
  if (n.segmentVipLevel !== null) return vipRoom(n.segmentVipLevel);
  return PLAYERS_ROOM;
}

/**
 * How many players a notice is meant for as it goes out: one for a personal notice, else the
 * active players of its segment (counted in the same statement that releases it).
 */
function audienceOf(n: Notice): SQL {
  if (n.audience === 'personal') return sql`1`;
  return sql`(SELECT count(*)::int FROM ${users} WHERE ${users.status} = 'active'
    AND (${n.segmentLanguage}::text IS NULL OR ${users.language} = ${n.segmentLanguage})
    AND (${n.segmentVipLevel}::int IS NULL OR ${users.vipLevel} = ${n.segmentVipLevel}))`;
}

/** The socket event: the id and which tab only; the content is fetched with the player's token. */
function deliver(n: Notice): void {
  if (n.audience === 'personal' && n.userId) {
    const event: NotificationEvent = { id: n.id, type: 'PRIVATE' };
    emitToPlayer(n.userId, 'NOTIFICATION', event);
    return;
  }
  const event: NotificationEvent = { id: n.id, type: 'PUBLIC' };
  emitToRoom(roomOf(n), 'NOTIFICATION', event);
}

/**
 * Releases a notice at its time: one conditional update marks it released, and only the run that
 * made it delivers (a retried or duplicated job sends nothing twice). Early (a clock between
 * servers): waits again.
 */
export const releaseJob = defineJob<{ id: string }>(
  'notices.release',
  async ({ id }) => {
    const db = await getDb();
    const [notice] = await db.select().from(notices).where(eq(notices.id, id));
    if (!notice || notice.withdrawnAt || notice.releasedAt) return;
    const wait = Math.ceil((notice.releaseTime.getTime() - Date.now()) / 1000);
    if (wait > 0) {
      await releaseJob.enqueue({ id }, { startAfter: wait });
      return;
    }
    const [released] = await db
      .update(notices)
      .set({ releasedAt: sql`now()`, audienceSize: audienceOf(notice) })
      .where(and(eq(notices.id, id), isNull(notices.releasedAt), isNull(notices.withdrawnAt)))
      .returning();
    if (released) deliver(released);
  },
  { retryLimit: 3 },
);

/** Queues a notice's release for its time (at once when that has come). */
export async function scheduleRelease(notice: { id: string; releaseTime: Date }): Promise<void> {
  const wait = Math.max(0, Math.ceil((notice.releaseTime.getTime() - Date.now()) / 1000));
  await releaseJob.enqueue({ id: notice.id }, wait ? { startAfter: wait } : {});
}
