import type { Rational } from '@/lib/fairness/rational';
import { reduced } from '@/lib/fairness/rational';

/*
 * European roulette: one zero, 37 pockets, and every bet the table offers, each named by the
 * numbers it covers. A bet on n numbers pays (36 / n − 1) to 1, so every bet returns 36/37 of its
 * stake on average — which `rtpOf` computes by spinning every pocket through `returnOf`, the
 * function that settles a real spin.
 */

export const POCKETS = 37;

export const RED: ReadonlySet<number> = new Set([
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
]);

export const BET_KINDS = [
  'straight',
  'split',
  'street',
  'trio',
  'corner',
  'firstFour',
  'line',
  'column',
  'dozen',
  'red',
  'black',
  'odd',
  'even',
  'low',
  'high',
] as const;
export type BetKind = (typeof BET_KINDS)[number];

/** A bet the table offers: its kind, the numbers it covers (ascending), and what it pays to 1. */
export type TableBet = { kind: BetKind; numbers: readonly number[]; pays: number };

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);
const numbers = range(1, 36);

/** Every bet of the layout: 3 columns of 12 rows, 1–2–3 the first row, and the zero above them. */
function layoutBets(): TableBet[] {
  const bets: Array<{ kind: BetKind; numbers: number[] }> = [];
  for (const n of range(0, 36)) bets.push({ kind: 'straight', numbers: [n] });
  // Beside each other in a row, one above the other, and the zero with each of the first row.
  for (const n of numbers) {
    if (n % 3 !== 0) bets.push({ kind: 'split', numbers: [n, n + 1] });
    if (n <= 33) bets.push({ kind: 'split', numbers: [n, n + 3] });
  }
  for (const n of [1, 2, 3]) bets.push({ kind: 'split', numbers: [0, n] });
  for (let row = 1; row <= 34; row += 3)
    bets.push({ kind: 'street', numbers: range(row, row + 2) });
  bets.push({ kind: 'trio', numbers: [0, 1, 2] }, { kind: 'trio', numbers: [0, 2, 3] });
  for (const n of numbers) {
    if (n % 3 !== 0 && n <= 32) bets.push({ kind: 'corner', numbers: [n, n + 1, n + 3, n + 4] });
  }
  bets.push({ kind: 'firstFour', numbers: [0, 1, 2, 3] });
  for (let row = 1; row <= 31; row += 3) bets.push({ kind: 'line', numbers: range(row, row + 5) });
  for (const c of [1, 2, 3]) {
    bets.push({ kind: 'column', numbers: numbers.filter((n) => (n - c) % 3 === 0) });
  }
  for (const d of [0, 1, 2]) bets.push({ kind: 'dozen', numbers: range(12 * d + 1, 12 * d + 12) });
  bets.push(
    { kind: 'red', numbers: numbers.filter((n) => RED.has(n)) },
    { kind: 'black', numbers: numbers.filter((n) => !RED.has(n)) },
    { kind: 'odd', numbers: numbers.filter((n) => n % 2 === 1) },
    { kind: 'even', numbers: numbers.filter((n) => n % 2 === 0) },
    { kind: 'low', numbers: range(1, 18) },
    { kind: 'high', numbers: range(19, 36) },
  );
  return bets.map((b) => ({ ...b, pays: 36 / b.numbers.length - 1 }));
}

export const TABLE_BETS: readonly TableBet[] = layoutBets();

const keyOf = (kind: string, covered: readonly number[]) =>
  `${kind}:${[...covered].sort((a, b) => a - b).join('-')}`;
const byKey = new Map(TABLE_BETS.map((b) => [keyOf(b.kind, b.numbers), b]));

/** The table's bet of this kind on these numbers (in any order), or null when it offers none. */
export function findBet(kind: string, covered: readonly number[]): TableBet | null {
  return byKey.get(keyOf(kind, covered)) ?? null;
}

/** The pocket a float in [0, 1) lands in: 0–36, each with the same chance. */
export function pocketOf(f: number): number {
  return Math.min(POCKETS - 1, Math.floor(f * POCKETS));
}

/** What a stake on `bet` returns when the ball lands in `pocket`: the stake and its win, or 0. */
export function returnOf(bet: TableBet, pocket: number, stake: bigint): bigint {
  return bet.numbers.includes(pocket) ? stake * BigInt(bet.pays + 1) : BigInt(0);
}

/** A bet's return to player, exact: the mean of `returnOf` over the 37 pockets. */
export function rtpOf(bet: TableBet): Rational {
  let total = BigInt(0);
  for (let pocket = 0; pocket < POCKETS; pocket += 1) total += returnOf(bet, pocket, BigInt(1));
  return reduced({ num: total, den: BigInt(POCKETS) });
}

/** The colour of a pocket, as the wheel paints it. */
export const colourOf = (pocket: number): 'green' | 'red' | 'black' =>
  pocket === 0 ? 'green' : RED.has(pocket) ? 'red' : 'black';
