import 'server-only';
import type { Server } from 'socket.io';
import { sessionRoom } from '@/lib/realtime/socket-auth';

/** The socket.io server server.ts made (route handlers run in the same process). */
function io(): Server | undefined {
  return (globalThis as { __io?: Server }).__io;
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
