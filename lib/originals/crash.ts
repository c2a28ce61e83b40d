import type { CrashBet, CrashPlayer } from '@/lib/schemas/crash';

/*
 * What Crash's server and page share at run time, kept apart from the schemas (zod and the wallet's
 * address rules) so that the page's first load carries none of them.
 */

/** Socket events on the public `crash` room (guests join it too). */
export const CRASH_ROOM = 'crash';
export const CRASH_EVENTS = {
  /** A round opened for bets, started, or busted: the round as the API shows it. */
  round: 'crash:round',
  /** A bet joined or was cashed out. */
  player: 'crash:player',
  /** The curve's multiplier now (hundredths), a few times a second while it runs. */
  tick: 'crash:tick',
} as const;

/** The list's view of a bet: what the player asked (the auto target) stays theirs. */
export const playerOf = (bet: CrashBet): CrashPlayer => ({
  id: bet.id,
  player: bet.player,
  currency: bet.currency,
  amount: bet.amount,
  state: bet.state,
  cashedUnits: bet.cashedUnits,
  payout: bet.payout,
});
