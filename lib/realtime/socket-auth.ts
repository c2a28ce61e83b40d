import type { Server, Socket } from 'socket.io';

/** Rooms any socket may join (guests too: 'crash' carries the Crash rounds, lib/schemas/crash.ts); everything else is a player's own room, joined only through the stream token. */
export const PUBLIC_ROOMS = new Set(['public', 'crash', 'sports']);

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
/** Staff sockets of the support inbox: new messages, read marks and typing of every conversation. */
export const SUPPORT_AGENTS_ROOM = 'support:agents';
/** Staff sockets of the payments team: a withdrawal requested or moved, to refresh the queue. */
export const PAYMENTS_TEAM_ROOM = 'payments:team';
/** Every socket of one sign-in: revoking the session disconnects them at once. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

type StreamUser = { id: string; sessionId: string; language: string; vipLevel: number };
export type StreamAuthenticator = (token: string) => Promise<StreamUser | null>;

type StaffUser = { id: string; name: string; role: string };
/** The back office's session check (its cookie's token → the staff member, or null). */
export type StaffAuthenticator = (token: string) => Promise<StaffUser | null>;
/** The back office's HttpOnly session cookie, sent with the socket's handshake like any request. */
export const STAFF_COOKIE = 'staff_session';
/** A staff socket of a staff session: revoking it disconnects them. */
export const staffRoom = (staffId: string) => `staff:${staffId}`;
const SUPPORT_ROLES = new Set(['admin', 'support']);
const PAYMENTS_ROLES = new Set(['admin', 'payments']);

const isUuid = (v: unknown): v is string =>
  typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(v);

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of header?.split(';') ?? []) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * The socket handshake: `auth.token` carries the stream token (the spec's getStreamToken). A valid
 * one puts the socket in its player's room; a bad one is refused; none leaves a guest socket that
 * may only join public rooms.
 */
export function attachSocketAuth(
  io: Server,
  authenticate: StreamAuthenticator,
  authenticateStaff?: StaffAuthenticator,
): void {
  io.use((socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    const staffToken = cookieValue(socket.handshake.headers.cookie, STAFF_COOKIE);
    if (
      (token === undefined || token === null || token === '') &&
      staffToken &&
      authenticateStaff
    ) {
      // A back-office page: support staff hear every conversation of the inbox, payments every withdrawal.
      authenticateStaff(staffToken)
        .then((member) => {
          if (!member) return next(new Error('unauthorized'));
          socket.data.staff = { id: member.id, name: member.name };
          void socket.join([
            staffRoom(member.id),
            ...(SUPPORT_ROLES.has(member.role) ? [SUPPORT_AGENTS_ROOM] : []),
            ...(PAYMENTS_ROLES.has(member.role) ? [PAYMENTS_TEAM_ROOM] : []),
          ]);
          next();
        })
        .catch(() => next(new Error('unauthorized')));
      return;
    }
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
    // A page that stops watching (Crash left for another page) stops hearing the room.
    socket.on('leave', (room: unknown) => {
      if (typeof room === 'string' && PUBLIC_ROOMS.has(room)) void socket.leave(room);
    });
    // Live support: a player typing shows in the agents' inbox (one event a second at most).
    // An agent typing shows in the player's panel, with the agent's name.
    let typedAt = 0;
    socket.on('support:typing', (to?: unknown) => {
      if (Date.now() - typedAt < 1000) return;
      const userId = socket.data.userId as string | undefined;
      const staff = socket.data.staff as { id: string; name: string } | undefined;
      if (userId) {
        typedAt = Date.now();
        socket.to(SUPPORT_AGENTS_ROOM).emit('support:typing', { userId });
      } else if (staff && socket.rooms.has(SUPPORT_AGENTS_ROOM) && isUuid(to)) {
        typedAt = Date.now();
        socket.to(playerRoom(to)).emit('support:typing', { agent: staff.name });
      }
    });
    socket.on('whoami', (ack?: (who: { userId: string | null }) => void) => {
      if (typeof ack === 'function') ack({ userId: (socket.data.userId as string) ?? null });
    });
  });
}
