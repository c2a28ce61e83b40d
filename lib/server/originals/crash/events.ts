import 'server-only';
import { CRASH_EVENTS, CRASH_ROOM, playerOf } from '@/lib/originals/crash';
import { type CrashBet, type CrashRound } from '@/lib/schemas/crash';
import { emitToRoom } from '@/lib/server/realtime';

/*
 * Crash's events go to the public `crash` room, which guests join too. The engine emits on the
 * server that leads; with the Redis adapter every server's sockets hear it. A cash-out is told by
 * the server that took it.
 */

export function announceRound(round: CrashRound): void {
  emitToRoom(CRASH_ROOM, CRASH_EVENTS.round, round);
}

export function announcePlayer(bet: CrashBet): void {
  emitToRoom(CRASH_ROOM, CRASH_EVENTS.player, { roundId: bet.roundId, player: playerOf(bet) });
}

/** `at` is the leader's clock when sent: what `npm run bench:crash` measures delivery against. */
export function announceTick(roundId: string, units: number): void {
  emitToRoom(CRASH_ROOM, CRASH_EVENTS.tick, { roundId, units, at: Date.now() });
}
