import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { SUPPORT_IMAGE_MAX_BYTES } from '@/lib/schemas/support';
import { getDb } from '@/lib/server/db';
import { supportConversations, supportMessages } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import type { OperatorActor } from '@/lib/server/operator/auth';
import { audit } from '@/lib/server/operator/audit';
import { reencode, sniff } from '@/lib/server/uploads/images';
import { readUpload } from '@/lib/server/uploads/read';
import { putFile } from '@/lib/server/uploads/storage';
import { shownConversation, shownMessage, unmarked, type Side } from './conversations';
import { announce, deliver } from './delivery';

type Content = { text: string; image?: undefined } | { text?: undefined; image: string };

/**
 * A player's message: their conversation is made on the first one and reopened by any later one
 * (it then waits for an agent again). One statement takes the conversation, so two tabs sending at
 * once land in the same one.
 */
async function fromPlayer(userId: string, content: Content) {
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [conversation] = await tx
      .insert(supportConversations)
      .values({ userId, status: 'open' })
      .onConflictDoUpdate({
        target: supportConversations.userId,
        set: { status: 'open', lastMessageAt: sql`now()` },
      })
      .returning();
    const [message] = await tx
      .insert(supportMessages)
      .values({
        conversationId: conversation!.id,
        author: 'player',
        body: content.text ?? '',
        image: content.image ?? null,
      })
      .returning();
    return message!;
  });
  deliver(row, userId);
  return shownMessage(row, 'player');
}

export const sendPlayerText = (userId: string, text: string) => fromPlayer(userId, { text });

/**
 * An image from the player: PNG, JPEG or WebP up to 5 MB, its type read from its bytes, decoded
 * and encoded again (metadata and appended bytes dropped), stored under a random name.
 */
export async function sendPlayerImage(userId: string, request: Request) {
  const bytes = await readUpload(request, SUPPORT_IMAGE_MAX_BYTES);
  const type = await sniff(bytes, ['png', 'jpeg', 'webp']);
  if (type === 'pdf') throw new ApiError('UNSUPPORTED_FILE_TYPE');
  const image = await putFile('support', await reencode(bytes, type), type);
  return fromPlayer(userId, { image });
}

/**
 * An agent's reply: the conversation then waits for the player, and is assigned to the agent who
 * answered when nobody had it. Audited with the message.
 */
export async function sendAgentText(actor: OperatorActor, conversationId: string, text: string) {
  const db = await getDb();
  const { row, userId, conversation } = await db.transaction(async (tx) => {
    const [conversation] = await tx
      .update(supportConversations)
      .set({
        status: 'waiting',
        lastMessageAt: sql`now()`,
        agentId: sql`coalesce(${supportConversations.agentId}, ${actor.staffId ?? null}::uuid)`,
      })
      .where(eq(supportConversations.id, conversationId))
      .returning();
    if (!conversation) throw new ApiError('NOT_FOUND');
    const [message] = await tx
      .insert(supportMessages)
      .values({
        conversationId,
        author: 'agent',
        agentId: actor.staffId ?? null,
        agentName: actor.name ?? null,
        body: text,
      })
      .returning();
    await audit(tx, actor, {
      action: 'support.reply',
      target: `conversation:${conversationId}`,
      after: { messageId: message!.id },
    });
    return { row: message!, userId: conversation.userId, conversation };
  });
  deliver(row, userId);
  // The conversation now waits for the player, perhaps with an agent it did not have.
  const shown = await shownConversation(conversation, 'player');
  announce(userId, 'support:conversation', {
    conversationId,
    status: shown.status,
    agent: shown.agent,
  });
  return shownMessage(row, 'staff');
}

/** Marks the other side's messages up to `upTo` read; both sides hear it (the ticks, the badge). */
export async function markRead(
  conversationId: string,
  userId: string,
  side: Side,
  upTo: number,
): Promise<{ read: number }> {
  const db = await getDb();
  const now = new Date();
  const rows = await db
    .update(supportMessages)
    .set({ readAt: now, deliveredAt: sql`coalesce(${supportMessages.deliveredAt}, now())` })
    .where(unmarked(conversationId, side, upTo, 'readAt'))
    .returning({ id: supportMessages.id });
  if (rows.length > 0) announce(userId, 'support:read', { conversationId, upTo, by: side });
  return { read: rows.length };
}
