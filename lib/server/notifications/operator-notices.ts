import 'server-only';
import type { NoticeStatus, OperatorNotice } from '@/lib/schemas/notifications';
import { getDbHandle } from '@/lib/server/db';

/** Which notices each state holds, and the order the room reads them in (next, or newest, first). */
const states: Record<NoticeStatus, { where: string; order: string }> = {
  scheduled: {
    where: 'n.withdrawn_at IS NULL AND n.release_time > now()',
    order: 'n.release_time ASC, n.id ASC',
  },
  released: {
    where: 'n.withdrawn_at IS NULL AND n.release_time <= now()',
    order: 'n.release_time DESC, n.id DESC',
  },
  withdrawn: { where: 'n.withdrawn_at IS NOT NULL', order: 'n.withdrawn_at DESC, n.id DESC' },
};

/*
 * Who read a notice: players who marked it, and players of its audience whose "mark all" of its
 * tab came after its release (the drawer keeps no row per player for those).
 */
const READERS = `(SELECT count(*)::int FROM (
    SELECT r.user_id FROM notice_reads r WHERE r.notice_id = n.id
    UNION
    SELECT w.user_id FROM notice_watermarks w JOIN users u ON u.id = w.user_id
    WHERE n.released_at IS NOT NULL AND w.audience = n.audience AND w.read_until >= n.release_time
      AND (
        (n.audience = 'personal' AND w.user_id = n.user_id)
        OR (n.audience = 'platform'
          AND (n.segment_language IS NULL OR u.language = n.segment_language)
          AND (n.segment_vip_level IS NULL OR u.vip_level = n.segment_vip_level))
      )
  ) readers)`;

type Row = {
  id: string;
  audience: OperatorNotice['audience'];
  user_id: string | null;
  username: string | null;
  segment_language: string | null;
  segment_vip_level: number | null;
  category: OperatorNotice['category'];
  title: string;
  message: string;
  languages: string[] | null;
  release_time: Date | string;
  expires_at: Date | string | null;
  created_by: string | null;
  created_by_name: string | null;
  audience_size: number | null;
  read_count: number;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/** The notices room's page: notices in one state with their texts' languages, reach and reads. */
export async function operatorNotices(query: {
  status: NoticeStatus;
  offset: number;
  limit: number;
}): Promise<OperatorNotice[]> {
  const { sql } = await getDbHandle();
  const state = states[query.status];
  const { rows } = await sql(
    `SELECT n.id, n.audience, n.user_id, u.username, n.segment_language, n.segment_vip_level,
        n.category, n.title, n.message, n.release_time, n.expires_at, n.created_by, n.audience_size,
        s.name AS created_by_name,
        (SELECT array_agg(t.language ORDER BY t.language) FROM notice_texts t WHERE t.notice_id = n.id)
          AS languages,
        ${READERS} AS read_count
      FROM notices n LEFT JOIN users u ON u.id = n.user_id
        LEFT JOIN staff s ON n.created_by = 'staff:' || s.id::text
      WHERE ${state.where}
      ORDER BY ${state.order}
      OFFSET $1 LIMIT $2`,
    [query.offset, query.limit],
  );
  return (rows as Row[]).map((r) => ({
    id: r.id,
    audience: r.audience,
    player: r.user_id ? { id: r.user_id, username: r.username ?? '' } : null,
    segment: { language: r.segment_language, vipLevel: r.segment_vip_level },
    category: r.category,
    title: r.title,
    message: r.message,
    languages: r.languages ?? [],
    releaseTime: iso(r.release_time),
    expiresAt: r.expires_at ? iso(r.expires_at) : null,
    status: query.status,
    createdBy: r.created_by,
    createdByName: r.created_by_name,
    audienceSize: r.audience_size,
    readCount: Number(r.read_count),
  }));
}
