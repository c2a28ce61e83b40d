import { reduced, type Rational } from '@/lib/fairness/rational';

/*
 * The money wheel (the game shows tab): 54 segments, each equally likely. A number segment pays
 * that many to 1 on a bet on it; a ×2 segment spins the wheel again and doubles the next win
 * (stacking, up to ×1024: ten in a row; later ones spin again without doubling more). The RTP of
 * each bet is summed exactly over every chain of ×2 segments, through `returnOf`.
 */

export const WHEEL_BETS = [1, 3, 5, 11, 15, 47] as const;
export type WheelBet = (typeof WHEEL_BETS)[number];
export type Segment = WheelBet | 'x2';

/** How many of the 54 segments each result has. */
export const SEGMENT_COUNTS: Record<Segment, number> = {
  1: 24,
  3: 12,
  5: 8,
  11: 4,
  15: 3,
  47: 1,
  x2: 2,
};
const MAX_DOUBLINGS = 10;

/** The segments around the wheel, clockwise from the pointer's rest: like results kept apart. */
export const SEGMENTS: readonly Segment[] = [
  // prettier-ignore
  47,
  1,
  3,
  1,
  5,
  11,
  1,
  3,
  1,
  5,
  1,
  3,
  1,
  'x2',
  3,
  1,
  5,
  1,
  // prettier-ignore
  15,
  1,
  11,
  1,
  3,
  5,
  1,
  3,
  1,
  3,
  1,
  5,
  1,
  11,
  3,
  1,
  15,
  1,
  // prettier-ignore
  5,
  1,
  3,
  1,
  'x2',
  3,
  1,
  5,
  1,
  11,
  1,
  3,
  1,
  5,
  3,
  1,
  15,
  1,
];

/** Where a float in [0, 1) stops the wheel. */
export const segmentAt = (f: number) =>
  Math.min(SEGMENTS.length - 1, Math.floor(f * SEGMENTS.length));

export type WheelOutcome = {
  /** Every stop of the round, the ×2 segments first. */
  stops: number[];
  result: WheelBet;
  multiplier: number;
};

/** Spins until a number comes, each spin on the next float. */
export function spinWheel(next: () => number): WheelOutcome {
  const stops: number[] = [];
  let doublings = 0;
  for (;;) {
    const stop = segmentAt(next());
    stops.push(stop);
    const segment = SEGMENTS[stop]!;
    if (segment !== 'x2') {
      return { stops, result: segment, multiplier: 2 ** Math.min(doublings, MAX_DOUBLINGS) };
    }
    doublings += 1;
  }
}

/** What a stake on `bet` returns: its stake and its win times the multiplier, or nothing. */
export function returnOf(
  bet: WheelBet,
  outcome: Pick<WheelOutcome, 'result' | 'multiplier'>,
  stake: bigint,
): bigint {
  return outcome.result === bet
    ? stake + stake * BigInt(bet) * BigInt(outcome.multiplier)
    : BigInt(0);
}

/**
 * A bet's RTP, exact: Σ over k ×2 segments first (chance (2/54)ᵏ) of one number segment's mean
 * return at multiplier 2^min(k, 10); the chains past ten sum as a geometric tail.
 */
export function wheelRtp(bet: WheelBet): Rational {
  const n = BigInt(SEGMENTS.length);
  const x2 = BigInt(SEGMENTS.filter((s) => s === 'x2').length);
  // Σ over the number segments of what a unit stake returns at this multiplier, over n.
  const mean = (multiplier: number) =>
    SEGMENTS.reduce(
      (t, s) => (s === 'x2' ? t : t + returnOf(bet, { result: s, multiplier }, BigInt(1))),
      BigInt(0),
    );
  // Over n^(MAX + 1) (n − x2): k doublings then a number weigh x2^k n^(MAX − k) (n − x2); every
  // chain longer than MAX together weighs x2^(MAX + 1) (the geometric tail).
  let num = BigInt(0);
  for (let k = 0; k <= MAX_DOUBLINGS; k += 1) {
    num += mean(2 ** k) * x2 ** BigInt(k) * n ** BigInt(MAX_DOUBLINGS - k) * (n - x2);
  }
  num += mean(2 ** MAX_DOUBLINGS) * x2 ** BigInt(MAX_DOUBLINGS + 1);
  return reduced({ num, den: n * n ** BigInt(MAX_DOUBLINGS) * (n - x2) });
}
