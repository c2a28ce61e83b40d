import 'server-only';
import { playerRoom, SUPPORT_AGENTS_ROOM } from '@/lib/realtime/socket-auth';
import { getDb } from '@/lib/server/db';
import { supportMessages } from '@/lib/server/db/schema';
import { logger } from '@/lib/logger';
import { shownMessage, unmarked, type MessageRow, type Side } from './conversations';

/** The socket.io server server.ts made; none in scripts. */
const io = () => globalThis.__io;

/** The room of the side that receives what the other side wrote. */
const roomOf = (side: Side, userId: string) =>
  side === 'player' ? playerRoom(userId) : SUPPORT_AGENTS_ROOM;

/**
 * Marks the other side's messages up to `upTo` delivered (once: only rows not yet marked) and
 * tells the authors' side, so their ticks follow.
 */
export async function markDelivered(
  conversationId: string,
  userId: string,
  receiver: Side,
  upTo: number,
): Promise<void> {
  const db = await getDb();
  const marked = await db
    .update(supportMessages)
    .set({ deliveredAt: new Date() })
    .where(unmarked(conversationId, receiver, upTo, 'deliveredAt'))
    .returning({ id: supportMessages.id });
  if (marked.length === 0) return;
  const authors: Side = receiver === 'player' ? 'staff' : 'player';
  io()?.to(roomOf(authors, userId)).emit('support:delivered', { conversationId, upTo });
}

/**
 * A new message, live: to every tab and device of the player, and to the agents' inbox. When a
 * socket of the receiving side is connected (on any server, through the Redis adapter), the
 * message counts as delivered.
 */
export function deliver(row: MessageRow, userId: string): void {
  const server = io();
  if (!server) return;
  const payload = (side: Side) => ({
    conversationId: row.conversationId,
    userId: side === 'staff' ? userId : undefined,
    message: shownMessage(row, side),
  });
  server.to(playerRoom(userId)).emit('support:message', payload('player'));
  server.to(SUPPORT_AGENTS_ROOM).emit('support:message', payload('staff'));
  const receiver: Side = row.author === 'player' ? 'staff' : 'player';
  void server
    .in(roomOf(receiver, userId))
    .fetchSockets()
    .then((sockets) =>
      sockets.length > 0 ? markDelivered(row.conversationId, userId, receiver, row.id) : undefined,
    )
    .catch((err: unknown) => logger.warn({ err }, 'support delivery mark failed'));
}

/** Something about the conversation changed (read marks, status, agent): both sides hear it. */
export function announce(userId: string, event: string, payload: Record<string, unknown>): void {
  const server = io();
  server?.to(playerRoom(userId)).emit(event, payload);
  server?.to(SUPPORT_AGENTS_ROOM).emit(event, { ...payload, userId });
}
