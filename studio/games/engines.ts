import { floats } from '@/lib/fairness/bytes';
import * as baccarat from './baccarat';
import * as blackjack from './blackjack';
import * as roulette from './roulette';
import * as slot from './slot';
import * as wheel from './wheel';

/*
 * The games a round is played in at once (one bet, one result), and blackjack, whose round is
 * settled here from its opening stake and the moves the player made: what a round's input may be, what
 * it stakes, and what it pays, drawn from the round's float stream (lib/fairness: the session's
 * server seed, the player's client seed, the round's nonce).
 */

export type EngineName = 'slot' | 'roulette' | 'baccarat' | 'wheel' | 'blackjack';

/** Floats a blackjack round may draw: its six-deck shoe never needs more than this many cards. */
export const BLACKJACK_FLOATS = 80;

/** A blackjack round's input: its opening stake and the player's moves, in order. */
export type BlackjackInput = { stake: number; moves: blackjack.Move[] };

/** A blackjack round replayed from its floats and moves (a move it did not allow throws). */
export function replayBlackjack(input: BlackjackInput, floats: readonly number[]) {
  let round = blackjack.deal(floats);
  for (const move of input.moves) round = blackjack.play(round, move, floats);
  return round;
}

/** The floats of one round, as many as it draws (the stream is the same however many are read). */
export function floatStream(serverSeed: string, clientSeed: string, nonce: number) {
  let known: number[] = [];
  let used = 0;
  return () => {
    if (used >= known.length)
      known = floats(serverSeed, clientSeed, nonce, Math.max(8, known.length * 2));
    return known[used++]!;
  };
}

export type Settled = { stake: bigint; payout: bigint; outcome: Record<string, unknown> };

type Engine = {
  /** The round's stake from the player's input (amounts in the aggregator's integers), or null. */
  stakeOf: (input: unknown) => bigint | null;
  settle: (input: unknown, next: () => number) => Settled;
};

const positive = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? BigInt(value) : null;

/** The total of `{ bets: { name: amount } }` when every name is a bet of the game and every amount positive. */
function namedStakes(input: unknown, isBet: (name: string) => boolean): bigint | null {
  const bets = (input as { bets?: unknown } | null)?.bets;
  if (!bets || typeof bets !== 'object') return null;
  let total = BigInt(0);
  for (const [bet, amount] of Object.entries(bets)) {
    const value = positive(amount);
    if (!isBet(bet) || value === null) return null;
    total += value;
  }
  return total > BigInt(0) ? total : null;
}

/** The most free spins one round plays (a chain past it is practically impossible: m ≈ 0.088). */
const FREE_SPIN_CAP = 500;

/** Blackjack's opening stake: even, so that insurance (half) and 3 to 2 pay whole units. */
const blackjackStake = (input: unknown) => {
  const stake = positive((input as { stake?: unknown } | null)?.stake);
  return stake !== null && stake % BigInt(2) === BigInt(0) ? stake : null;
};

const engines: Record<EngineName, Engine> = {
  blackjack: {
    stakeOf: blackjackStake,
    // The whole round: what every stake added up to, what it returned, how it was dealt.
    settle(input, next) {
      const stake = blackjackStake(input)!;
      const floats = Array.from({ length: BLACKJACK_FLOATS }, next);
      const round = replayBlackjack(input as BlackjackInput, floats);
      const { staked, returned } = blackjack.returnsOf(round);
      // Units of a half stake keep the 2.5 and 0.5 whole.
      const half = stake / BigInt(2);
      return {
        stake: BigInt(staked * 2) * half,
        payout: BigInt(returned * 2) * half,
        outcome: round,
      };
    },
  },
  slot: {
    // The total stake: twenty line stakes.
    stakeOf: (input) => {
      const stake = positive((input as { stake?: unknown } | null)?.stake);
      return stake !== null && stake % BigInt(slot.LINES.length) === BigInt(0) ? stake : null;
    },
    settle(input, next) {
      const stake = engines.slot.stakeOf(input)!;
      const lineStake = stake / BigInt(slot.LINES.length);
      const draw = () => Array.from({ length: slot.REELS }, next);
      const base = slot.spin(draw());
      let payout = BigInt(slot.spinReturn(base)) * lineStake;
      const free: slot.SpinResult[] = [];
      let left = base.freeSpins;
      while (left > 0 && free.length < FREE_SPIN_CAP) {
        const spun = slot.spin(draw());
        free.push(spun);
        payout += BigInt(slot.spinReturn(spun, true)) * lineStake;
        left += spun.freeSpins - 1;
      }
      return { stake, payout, outcome: { base, free } };
    },
  },
  roulette: {
    stakeOf: (input) => {
      const bets = (input as { bets?: unknown } | null)?.bets;
      if (!Array.isArray(bets) || bets.length === 0 || bets.length > 50) return null;
      let total = BigInt(0);
      for (const bet of bets as Array<{ kind?: unknown; numbers?: unknown; amount?: unknown }>) {
        const amount = positive(bet?.amount);
        const numbers = Array.isArray(bet?.numbers) ? bet.numbers : null;
        if (amount === null || !numbers || !roulette.findBet(String(bet.kind), numbers))
          return null;
        total += amount;
      }
      return total;
    },
    settle(input, next) {
      const stake = engines.roulette.stakeOf(input)!;
      const pocket = roulette.pocketOf(next());
      const bets = (input as { bets: Array<{ kind: string; numbers: number[]; amount: number }> })
        .bets;
      const payout = bets.reduce(
        (t, b) =>
          t + roulette.returnOf(roulette.findBet(b.kind, b.numbers)!, pocket, BigInt(b.amount)),
        BigInt(0),
      );
      return { stake, payout, outcome: { pocket, colour: roulette.colourOf(pocket) } };
    },
  },
  baccarat: {
    stakeOf: (input) => namedStakes(input, (bet) => ['player', 'banker', 'tie'].includes(bet)),
    settle(input, next) {
      const stake = engines.baccarat.stakeOf(input)!;
      const coup = baccarat.dealCoup(Array.from({ length: 6 }, next));
      const bets = (input as { bets: Record<baccarat.BaccaratBet, number> }).bets;
      const payout = Object.entries(bets).reduce(
        (t, [bet, amount]) =>
          t + baccarat.returnOf(bet as baccarat.BaccaratBet, coup.winner, BigInt(amount)),
        BigInt(0),
      );
      return { stake, payout, outcome: coup };
    },
  },
  wheel: {
    stakeOf: (input) =>
      namedStakes(input, (bet) => (wheel.WHEEL_BETS as readonly number[]).includes(Number(bet))),
    settle(input, next) {
      const stake = engines.wheel.stakeOf(input)!;
      const spun = wheel.spinWheel(next);
      const bets = (input as { bets: Record<string, number> }).bets;
      const payout = Object.entries(bets).reduce(
        (t, [bet, amount]) =>
          t + wheel.returnOf(Number(bet) as wheel.WheelBet, spun, BigInt(amount)),
        BigInt(0),
      );
      return { stake, payout, outcome: spun };
    },
  },
};

export const engine = (name: EngineName) => engines[name];
