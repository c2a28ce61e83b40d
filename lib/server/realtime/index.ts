import 'server-only';
import { playerRoom, sessionRoom } from '@/lib/realtime/socket-auth';

/** The socket.io server server.ts made (declared in global.d.ts); none in tests and scripts. */
const io = () => globalThis.__io;

/** An event to every socket in one room, on every server when the Redis adapter joins them. */
export function emitToRoom(room: string, event: string, payload: unknown): void {
  io()?.to(room).emit(event, payload);
}

/** An event to every socket of one player, on every server when the Redis adapter joins them. */
export function emitToPlayer(userId: string, event: string, payload: unknown): void {
  io()?.to(playerRoom(userId)).emit(event, payload);
}

/**
 * Ends the live sockets of revoked sessions at once (sign-out, password reset, 2FA turned on),
 * on every server when the Redis adapter connects them.
 */
export function disconnectSessions(sessionIds: string[]): void {
  const server = io();
  if (!server || sessionIds.length === 0) return;
  server.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
}
