import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as ioClient, type Socket } from 'socket.io-client';
import { attachSocketAuth, type StaffAuthenticator } from '@/lib/realtime/socket-auth';
import { authenticateStream } from '@/lib/server/auth/session';

/**
 * A socket.io server as server.ts makes it (the stream-token handshake, and the back office's
 * cookie when a staff check is given), made the platform's own (`globalThis.__io`) so route
 * handlers emit through it.
 */
export async function startSocketServer(staff?: StaffAuthenticator) {
  const http = createServer();
  const io = new Server(http);
  attachSocketAuth(io, authenticateStream, staff);
  const previous = globalThis.__io;
  globalThis.__io = io;
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = (http.address() as AddressInfo).port;
  return {
    io,
    port,
    close: async () => {
      globalThis.__io = previous;
      await new Promise((resolve) => io.close(resolve));
    },
  };
}

/** A client socket with this handshake token (or cookie), connected (or the refusal thrown). */
export async function connectSocket(
  port: number,
  token?: string,
  cookie?: string,
): Promise<Socket> {
  const socket = ioClient(`http://127.0.0.1:${port}`, {
    auth: token ? { token } : {},
    extraHeaders: cookie ? { cookie } : undefined,
    transports: ['websocket'],
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', resolve);
    socket.on('connect_error', reject);
  });
  return socket;
}

/** Waits until a condition holds (events arrive asynchronously). */
export async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}
