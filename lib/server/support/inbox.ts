import 'server-only';
import { desc, eq, sql } from 'drizzle-orm';
import {
  INBOX_PAGE_SIZE,
  type ConversationStatus,
  type InboxPage,
  type InboxQuery,
} from '@/lib/schemas/support';
import { getDb } from '@/lib/server/db';
import { staff, supportCannedReplies, supportConversations } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { decodeCursor, encodeCursor, exactTime } from '@/lib/server/http/cursor';
import type { OperatorActor } from '@/lib/server/operator/auth';
import { audit } from '@/lib/server/operator/audit';
import { conversationById, historyPage, shownConversation } from './conversations';
import { announce, markDelivered } from './delivery';
import { memberInfoOf } from './member-info';
import { markRead } from './messages';

type InboxRow = {
  id: string;
  status: ConversationStatus;
  tags: string[];
  agent_id: string | null;
  agent_name: string | null;
  user_id: string;
  member_no: number;
  username: string;
  unread: number;
  last_body: string | null;
  last_image: string | null;
  last_at: Date | string | null;
  exact: string;
};

/**
 * Conversations by status, the latest message first, each with its unread count and last message;
 * a page at a time (a conversation that gets a message meanwhile moves to the first page).
 */
export async function inbox({ status, cursor }: InboxQuery): Promise<InboxPage> {
  const db = await getDb();
  const after = cursor ? decodeCursor(cursor) : null;
  const { rows } = (await db.execute(sql`
    SELECT c.id, c.status, c.tags, c.agent_id, s.name AS agent_name, c.user_id,
      ${sql.raw(exactTime('c.last_message_at'))} AS exact,
      u.member_no, u.username,
      (SELECT count(*)::int FROM support_messages m
        WHERE m.conversation_id = c.id AND m.author = 'player' AND m.read_at IS NULL) AS unread,
      last.body AS last_body, last.image AS last_image, last.created_at AS last_at
    FROM support_conversations c
    JOIN users u ON u.id = c.user_id
    LEFT JOIN staff s ON s.id = c.agent_id
    LEFT JOIN LATERAL (
      SELECT body, image, created_at FROM support_messages m
      WHERE m.conversation_id = c.id ORDER BY m.id DESC LIMIT 1
    ) last ON true
    WHERE ${status === 'all' ? sql`true` : sql`c.status = ${status}`}
      ${after ? sql`AND (c.last_message_at, c.id) < (${after.time}::timestamptz, ${after.id}::uuid)` : sql``}
    ORDER BY c.last_message_at DESC, c.id DESC
    LIMIT ${INBOX_PAGE_SIZE + 1}`)) as { rows: InboxRow[] };
  const page = rows.slice(0, INBOX_PAGE_SIZE);
  const last = page.at(-1);
  const items = page.map((r) => ({
    id: r.id,
    status: r.status,
    agent: r.agent_id ? { id: r.agent_id, name: r.agent_name ?? '' } : null,
    unread: r.unread,
    player: { id: r.user_id, memberId: String(r.member_no), username: r.username },
    lastMessage: r.last_body || null,
    lastIsImage: !r.last_body && Boolean(r.last_image),
    lastMessageAt: r.last_at ? new Date(r.last_at).toISOString() : null,
    tags: r.tags,
  }));
  return {
    items,
    nextCursor:
      rows.length > INBOX_PAGE_SIZE && last
        ? encodeCursor({ time: last.exact, id: last.id })
        : null,
  };
}

async function existing(id: string) {
  const row = await conversationById(id);
  if (!row) throw new ApiError('NOT_FOUND');
  return row;
}

/** One conversation for the agent: its state, the member panel, a page of its history. */
export async function staffConversation(id: string, before?: number) {
  const row = await existing(id);
  const page = await historyPage(id, 'staff', before);
  const last = page.messages.at(-1);
  if (last && !before) await markDelivered(id, row.userId, 'staff', last.id);
  return {
    conversation: { ...(await shownConversation(row, 'staff')), tags: row.tags },
    memberInfo: await memberInfoOf(row.userId),
    ...page,
  };
}

export async function staffRead(id: string, upTo: number) {
  const row = await existing(id);
  return markRead(id, row.userId, 'staff', upTo);
}

/** Changes a conversation in one statement with its audit row, then tells both sides. */
async function change(
  actor: OperatorActor,
  id: string,
  action: string,
  set: Partial<typeof supportConversations.$inferInsert>,
) {
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(supportConversations)
      .where(eq(supportConversations.id, id))
      .for('update');
    if (!before) throw new ApiError('NOT_FOUND');
    const [after] = await tx
      .update(supportConversations)
      .set(set)
      .where(eq(supportConversations.id, id))
      .returning();
    await audit(tx, actor, {
      action,
      target: `conversation:${id}`,
      before: { status: before.status, agentId: before.agentId, tags: before.tags },
      after: { status: after!.status, agentId: after!.agentId, tags: after!.tags },
    });
    return after!;
  });
  const shown = await shownConversation(row, 'player');
  announce(row.userId, 'support:conversation', {
    conversationId: id,
    status: shown.status,
    agent: shown.agent,
  });
  return { ...(await shownConversation(row, 'staff')), tags: row.tags };
}

/**
 * Assigns a conversation: to the staff account named, back to the queue (null), or — a staff
 * member leaving the agent out — to themselves.
 */
export async function assign(actor: OperatorActor, id: string, agentId: string | null | undefined) {
  const target = agentId === undefined ? (actor.staffId ?? null) : agentId;
  if (agentId === undefined && !actor.staffId) throw new ApiError('VALIDATION_ERROR', 'agentId');
  if (target) {
    const db = await getDb();
    const [agent] = await db.select({ id: staff.id }).from(staff).where(eq(staff.id, target));
    if (!agent) throw new ApiError('VALIDATION_ERROR', 'agentId');
  }
  return change(actor, id, 'support.assign', { agentId: target });
}

export const close = (actor: OperatorActor, id: string) =>
  change(actor, id, 'support.close', { status: 'closed' });

export const setTags = (actor: OperatorActor, id: string, tags: string[]) =>
  change(actor, id, 'support.tags', { tags: [...new Set(tags)] });

/* Canned replies: the operator's ready answers. */

export async function cannedReplies() {
  const db = await getDb();
  const rows = await db
    .select()
    .from(supportCannedReplies)
    .orderBy(desc(supportCannedReplies.createdAt));
  return rows.map((r) => ({ id: r.id, title: r.title, text: r.body }));
}

export async function addCannedReply(actor: OperatorActor, title: string, text: string) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(supportCannedReplies).values({ title, body: text }).returning();
    await audit(tx, actor, {
      action: 'support.canned.add',
      target: `canned:${row!.id}`,
      after: { title },
    });
    return { id: row!.id, title: row!.title, text: row!.body };
  });
}

export async function removeCannedReply(actor: OperatorActor, id: string) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(supportCannedReplies)
      .where(eq(supportCannedReplies.id, id))
      .returning();
    if (!row) throw new ApiError('NOT_FOUND');
    await audit(tx, actor, {
      action: 'support.canned.remove',
      target: `canned:${id}`,
      before: { title: row.title },
    });
  });
  return { removed: true };
}
