import 'server-only';
import {
  PAYMENTS_TEAM_ROOM,
  playerRoom,
  segmentRooms,
  sessionRoom,
  staffRoom,
} from '@/lib/realtime/socket-auth';

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

type Segment = { language: string; vipLevel: number };

/**
 * A player's language or VIP level changed: every socket of theirs, on every server, leaves the
 * old segment rooms and joins the new ones, so segment notices follow at once (not on reconnect).
 */
export function moveSegment(userId: string, from: Segment, to: Segment): void {
  const server = io();
  if (!server) return;
  const next = segmentRooms(to);
  const old = segmentRooms(from).filter((room) => !next.includes(room));
  if (old.length === 0) return;
  server.in(playerRoom(userId)).socketsLeave(old);
  server.in(playerRoom(userId)).socketsJoin(next);
}

/**
 * Ends a staff member's live back-office sockets at once (disabled, role changed, TOTP reset): a
 * socket keeps the rooms of the role it connected with, so it must connect again or not at all.
 */
export function disconnectStaff(staffId: string): void {
  io()?.in(staffRoom(staffId)).disconnectSockets(true);
}

/**
 * Tells the payments team's back-office pages that a withdrawal was requested or changed state:
 * its id and new state only (the queue refetches what it shows, with the staff member's rights).
 */
export function tellPaymentsTeam(withdrawal: { id: string; status: string }): void {
  emitToRoom(PAYMENTS_TEAM_ROOM, 'payments:withdrawal', {
    id: withdrawal.id,
    status: withdrawal.status,
  });
}
