import { choose, reduced, type Rational } from './rational';

/**
 * Mines: 25 tiles (5 × 5, numbered left to right, top to bottom: tile = 5 × row + col) hide 1 to
 * 24 mines. The mines are drawn as Stake publishes it, a Fisher–Yates draw without replacement: the
 * i-th float picks one of the 25 − i tiles still free, floor(fᵢ × (25 − i)), and that tile leaves
 * the list. A player reveals tiles one at a time and may cash out after each safe one.
 */
export const MINES_TILES = 25;
export const MINES_MIN = 1;
export const MINES_MAX = 24;
export const MINES_SIDE = 5;

export function isMinesCount(mines: number): boolean {
  return Number.isInteger(mines) && mines >= MINES_MIN && mines <= MINES_MAX;
}

export function isTile(tile: number): boolean {
  return Number.isInteger(tile) && tile >= 0 && tile < MINES_TILES;
}

/** The mines' tiles in the order they were drawn, one float each. */
export function minesLayout(draw: readonly number[], mines: number): number[] {
  if (!isMinesCount(mines)) throw new RangeError(`mines out of range: ${mines}`);
  if (draw.length < mines) throw new RangeError(`${mines} mines need ${mines} floats`);
  const free = Array.from({ length: MINES_TILES }, (_, tile) => tile);
  const placed: number[] = [];
  for (let i = 0; i < mines; i += 1) {
    const [tile] = free.splice(Math.floor(draw[i]! * (MINES_TILES - i)), 1);
    placed.push(tile!);
  }
  return placed;
}

/** The most safe tiles a board with this many mines has. */
export const safeTiles = (mines: number) => MINES_TILES - mines;

/**
 * What a cash-out after `picks` safe reveals pays per unit staked: (1 − edge) × C(25, k) / C(25 − m, k),
 * the inverse of the chance to survive k picks, less the edge; in lowest terms.
 */
export function minesMultiplier(mines: number, picks: number, edgeBp: number): Rational {
  if (!isMinesCount(mines)) throw new RangeError(`mines out of range: ${mines}`);
  if (!Number.isInteger(picks) || picks < 0 || picks > safeTiles(mines)) {
    throw new RangeError(`${picks} picks on a board with ${mines} mines`);
  }
  return reduced({
    num: BigInt(10_000 - edgeBp) * choose(MINES_TILES, picks),
    den: BigInt(10_000) * choose(safeTiles(mines), picks),
  });
}

/** The chance that `picks` reveals all miss the mines: C(25 − m, k) / C(25, k). */
export function minesSurvival(mines: number, picks: number): Rational {
  return reduced({ num: choose(safeTiles(mines), picks), den: choose(MINES_TILES, picks) });
}

/** The multiplier after each safe pick, 1 to 25 − m: what the game's ladder shows. */
export function minesLadder(mines: number, edgeBp: number): Rational[] {
  return Array.from({ length: safeTiles(mines) }, (_, i) => minesMultiplier(mines, i + 1, edgeBp));
}
