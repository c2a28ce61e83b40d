import 'server-only';
import { and, desc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import {
  SUPPORT_PAGE_SIZE,
  type Conversation,
  type MessageAuthor,
  type SupportMessage,
  type SupportPage,
} from '@/lib/schemas/support';
import { getDb } from '@/lib/server/db';
import { staff, supportConversations, supportMessages } from '@/lib/server/db/schema';

export type ConversationRow = typeof supportConversations.$inferSelect;
export type MessageRow = typeof supportMessages.$inferSelect;
/** Which side reads: the player, or staff in the back office. */
export type Side = 'player' | 'staff';

/** The authors whose messages a side receives (and marks delivered and read). */
export const authorsFor = (side: Side): MessageAuthor[] =>
  side === 'player' ? ['agent', 'system'] : ['player'];

/** The messages a side receives in a conversation, up to one id, that still lack a mark. */
export const unmarked = (
  conversationId: string,
  receiver: Side,
  upTo: number,
  mark: 'deliveredAt' | 'readAt',
) =>
  and(
    eq(supportMessages.conversationId, conversationId),
    inArray(supportMessages.author, authorsFor(receiver)),
    lte(supportMessages.id, upTo),
    isNull(supportMessages[mark]),
  );

/** Where each side fetches an image: the same file, behind each side's own check. */
const imagePath = (side: Side, name: string) =>
  side === 'player' ? `/api/v1/support/images/${name}` : `/api/v1/operator/support/images/${name}`;

export function shownMessage(row: MessageRow, side: Side): SupportMessage {
  return {
    id: row.id,
    author: row.author,
    agentName: row.author === 'agent' ? row.agentName : null,
    text: row.body,
    image: row.image ? imagePath(side, row.image) : null,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/** A page of the history, newest first from `before` (exclusive), answered oldest first. */
export async function historyPage(
  conversationId: string,
  side: Side,
  before?: number,
): Promise<SupportPage> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.conversationId, conversationId),
        before ? lt(supportMessages.id, before) : undefined,
      ),
    )
    .orderBy(desc(supportMessages.id))
    .limit(SUPPORT_PAGE_SIZE + 1);
  const more = rows.length > SUPPORT_PAGE_SIZE;
  const page = rows.slice(0, SUPPORT_PAGE_SIZE).reverse();
  return {
    messages: page.map((row) => shownMessage(row, side)),
    nextCursor: more ? page[0]!.id : null,
  };
}

export async function conversationOfPlayer(userId: string): Promise<ConversationRow | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(supportConversations)
    .where(eq(supportConversations.userId, userId));
  return row ?? null;
}

export async function conversationById(id: string): Promise<ConversationRow | null> {
  const db = await getDb();
  const [row] = await db.select().from(supportConversations).where(eq(supportConversations.id, id));
  return row ?? null;
}

/** Messages of the other side this side has not read yet. */
export async function unreadCount(conversationId: string, side: Side): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.conversationId, conversationId),
        inArray(supportMessages.author, authorsFor(side)),
        isNull(supportMessages.readAt),
      ),
    );
  return row?.n ?? 0;
}

/** The conversation as a side sees it: status, the assigned agent, its unread count. */
export async function shownConversation(row: ConversationRow, side: Side): Promise<Conversation> {
  const db = await getDb();
  const [agent] = row.agentId
    ? await db
        .select({ id: staff.id, name: staff.name })
        .from(staff)
        .where(eq(staff.id, row.agentId))
    : [];
  return {
    id: row.id,
    status: row.status,
    agent: agent ?? null,
    unread: await unreadCount(row.id, side),
  };
}
