import 'server-only';
import { PLAYERS_ROOM } from '@/lib/realtime/socket-auth';
import type { Bet } from '@/lib/schemas/originals';
import { emitToRoom } from '@/lib/server/realtime';
import { liveView } from './views';

/** The socket event every signed-in page hears for a bet that staked money (guests poll the feed). */
export const LIVE_BET_EVENT = 'originals:bet';

/** A settled bet told to the live feed, its player's name hidden when they hide it. */
export function announceBet(bet: Bet): void {
  emitToRoom(PLAYERS_ROOM, LIVE_BET_EVENT, liveView(bet));
}
