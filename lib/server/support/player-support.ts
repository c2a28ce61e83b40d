import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { PlayerSupport, SupportPage } from '@/lib/schemas/support';
import { getDb } from '@/lib/server/db';
import { supportConversations, supportMessages } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import type { UploadType } from '@/lib/server/uploads/images';
import { privateFileResponse } from '@/lib/server/uploads/serve';
import { getFile } from '@/lib/server/uploads/storage';
import { conversationOfPlayer, historyPage, shownConversation, unreadCount } from './conversations';
import { supportHours } from './hours';
import { markDelivered } from './delivery';
import { markRead } from './messages';

/**
 * The player's conversation and its latest messages (none before the first message). Loading them
 * counts as receiving the agents' messages.
 */
export async function playerSupport(userId: string): Promise<PlayerSupport> {
  const conversation = await conversationOfPlayer(userId);
  const hours = supportHours();
  if (!conversation) return { conversation: null, messages: [], nextCursor: null, hours };
  const page = await historyPage(conversation.id, 'player');
  const last = page.messages.at(-1);
  if (last) await markDelivered(conversation.id, userId, 'player', last.id);
  return { conversation: await shownConversation(conversation, 'player'), ...page, hours };
}

/** The badge on the live-support entries: support's messages the player has not read. */
export async function playerUnread(userId: string): Promise<{ unread: number }> {
  const conversation = await conversationOfPlayer(userId);
  return { unread: conversation ? await unreadCount(conversation.id, 'player') : 0 };
}

export async function playerHistory(userId: string, before?: number): Promise<SupportPage> {
  const conversation = await conversationOfPlayer(userId);
  if (!conversation) return { messages: [], nextCursor: null };
  return historyPage(conversation.id, 'player', before);
}

export async function playerRead(userId: string, upTo: number) {
  const conversation = await conversationOfPlayer(userId);
  if (!conversation) return { read: 0 };
  return markRead(conversation.id, userId, 'player', upTo);
}

const NAME = /^[a-f0-9]{32}\.(png|jpeg|webp)$/;

/**
 * A message's image for the player whose conversation holds it (`userId`), or for staff (null):
 * nosniff, a sandbox CSP, never cached by a shared cache. Anyone else, or any other name: 404.
 */
export async function supportImage(name: string, userId: string | null): Promise<Response> {
  const type = NAME.exec(name)?.[1] as Exclude<UploadType, 'pdf'> | undefined;
  if (!type) throw new ApiError('NOT_FOUND');
  const db = await getDb();
  const [row] = await db
    .select({ id: supportMessages.id })
    .from(supportMessages)
    .innerJoin(supportConversations, eq(supportConversations.id, supportMessages.conversationId))
    .where(
      and(
        eq(supportMessages.image, name),
        userId ? eq(supportConversations.userId, userId) : undefined,
      ),
    );
  const bytes = row ? await getFile('support', name) : null;
  if (!bytes) throw new ApiError('NOT_FOUND');
  return privateFileResponse(bytes, type);
}
