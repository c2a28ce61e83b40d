import type { Server, Socket } from 'socket.io';

/** Rooms any socket may join; everything else is a player's own room, joined only through the stream token. */
export const PUBLIC_ROOMS = new Set(['public']);

export const playerRoom = (userId: string) => `player:${userId}`;
/** Every signed-in socket: platform notices to everyone go here (guests get none). */
export const PLAYERS_ROOM = 'players';
/** Platform notices for a segment: by language, by VIP level, or both at once. */
export const languageRoom = (language: string) => `lang:${language}`;
export const vipRoom = (level: number) => `vip:${level}`;
export const segmentRoom = (language: string, level: number) => `seg:${language}:${level}`;
/** A player's segment rooms: what a platform notice to a language, a level or both reaches. */
export const segmentRooms = ({ language, vipLevel }: { language: string; vipLevel: number }) => [
  languageRoom(language),
  vipRoom(vipLevel),
  segmentRoom(language, vipLevel),
];
/** Every socket of one sign-in: revoking the session disconnects them at once. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

type StreamUser = { id: string; sessionId: string; language: string; vipLevel: number };
export type StreamAuthenticator = (token: string) => Promise<StreamUser | null>;

/**
 * The socket handshake: `auth.token` carries the stream token (the spec's getStreamToken). A valid
 * one puts the socket in its player's room; a bad one is refused; none leaves a guest socket that
 * may only join public rooms.
 */
export function attachSocketAuth(io: Server, authenticate: StreamAuthenticator): void {
  io.use((socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    if (token === undefined || token === null || token === '') return next();
    if (typeof token !== 'string' || token.length > 2048) return next(new Error('unauthorized'));
    authenticate(token)
      .then((user) => {
        if (!user) return next(new Error('unauthorized'));
        socket.data.userId = user.id;
        // Segment rooms as of now: a change of language or level moves the sockets (lib/server/realtime).
        void socket.join([
          playerRoom(user.id),
          sessionRoom(user.sessionId),
          PLAYERS_ROOM,
          ...segmentRooms(user),
        ]);
        next();
      })
      .catch(() => next(new Error('unauthorized')));
  });

  io.on('connection', (socket: Socket) => {
    socket.on('join', (room: unknown, ack?: (joined: boolean) => void) => {
      const allowed = typeof room === 'string' && PUBLIC_ROOMS.has(room);
      if (allowed) void socket.join(room);
      if (typeof ack === 'function') ack(allowed);
    });
    socket.on('whoami', (ack?: (who: { userId: string | null }) => void) => {
      if (typeof ack === 'function') ack({ userId: (socket.data.userId as string) ?? null });
    });
  });
}
