/*
 * The video slot: five reels of three rows, twenty fixed lines paying left to right, a wild that
 * stands in for every symbol but the scatter, and scatters that pay anywhere and start free spins
 * (at a multiplier, on the same reels, where more scatters add spins). Its RTP is computed from the
 * reels and the paytable by `slotRtp` (./slot-rtp.ts) through `lineOf` and `scattersIn`, the
 * functions that pay a real spin.
 */

export const REELS = 5;
export const ROWS = 3;

export const PAYING = ['seven', 'bell', 'melon', 'plum', 'orange', 'lemon', 'cherry'] as const;
export type Paying = (typeof PAYING)[number];
export type SlotSymbol = Paying | 'wild' | 'scatter';

/** What 3, 4 and 5 of a symbol pay on a line, in line stakes. */
export const PAYTABLE: Record<Paying, readonly [number, number, number]> = {
  seven: [45, 180, 900],
  bell: [25, 90, 350],
  melon: [18, 50, 180],
  plum: [15, 35, 100],
  orange: [10, 23, 60],
  lemon: [6, 16, 40],
  cherry: [5, 12, 30],
};

/** What 3, 4 and 5 scatters anywhere pay, in total stakes, and the free spins they give. */
export const SCATTER_PAYS: readonly [number, number, number] = [2, 10, 50];
export const FREE_SPINS: readonly [number, number, number] = [10, 15, 20];
export const FREE_SPIN_MULTIPLIER = 2;

const W: SlotSymbol = 'wild';
const S: SlotSymbol = 'scatter';

/**
 * The reel strips, top to bottom; a stop shows three symbols in a row (wrapping). One scatter
 * to a strip, so a reel shows one at most.
 */
export const STRIPS: readonly (readonly SlotSymbol[])[] = [
  // prettier-ignore
  ['seven', 'cherry', 'lemon', 'bell', 'orange', 'cherry', S, 'plum', 'lemon', 'melon', 'cherry', 'orange', 'wild', 'lemon', 'plum', 'cherry', 'bell', 'orange', 'lemon', 'lemon', 'melon', 'cherry', 'plum', 'orange', 'lemon', 'cherry', 'melon', 'plum', 'orange', 'lemon'],
  // prettier-ignore
  ['cherry', 'seven', 'orange', 'lemon', W, 'plum', 'cherry', 'bell', S, 'lemon', 'melon', 'orange', 'cherry', 'plum', 'lemon', 'bell', 'orange', 'cherry', 'melon', 'lemon', 'lemon', 'plum', 'orange', 'cherry', W, 'lemon', 'melon', 'plum', 'orange', 'cherry'],
  // prettier-ignore
  ['lemon', 'orange', 'seven', 'cherry', 'plum', W, 'melon', 'lemon', S, 'orange', 'bell', 'cherry', 'plum', 'lemon', 'melon', 'orange', W, 'cherry', 'plum', 'lemon', 'lemon', 'bell', 'orange', 'cherry', 'melon', 'plum', 'lemon', 'orange', 'cherry', 'melon'],
  // prettier-ignore
  ['plum', 'cherry', 'lemon', 'seven', 'orange', 'melon', S, 'cherry', 'plum', 'bell', 'lemon', W, 'orange', 'cherry', 'melon', 'plum', 'lemon', 'orange', 'lemon', 'cherry', 'bell', 'plum', 'lemon', 'melon', 'orange', 'cherry', 'plum', 'lemon', 'orange', 'melon'],
  // prettier-ignore
  ['orange', 'lemon', 'cherry', 'plum', 'seven', 'melon', 'orange', S, 'lemon', 'cherry', 'bell', 'plum', 'orange', 'melon', 'lemon', 'cherry', W, 'plum', 'orange', 'lemon', 'bell', 'lemon', 'cherry', 'melon', 'plum', 'orange', 'lemon', 'cherry', 'melon', 'plum'],
];

/** The twenty lines: the row each takes on each reel (0 top, 1 middle, 2 bottom). */
export const LINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [0, 2, 2, 2, 0],
];

/** A window: for each reel, its three symbols top to bottom. */
export type Window = SlotSymbol[][];

/** Where each reel stops: a float in [0, 1) each, every stop of a strip equally likely. */
export function stopsOf(floats: readonly number[]): number[] {
  return STRIPS.map((strip, reel) => {
    const f = floats[reel];
    if (f === undefined) throw new RangeError('a spin needs five floats');
    return Math.min(strip.length - 1, Math.floor(f * strip.length));
  });
}

export function windowAt(stops: readonly number[]): Window {
  return STRIPS.map((strip, reel) =>
    Array.from({ length: ROWS }, (_, row) => strip[(stops[reel]! + row) % strip.length]!),
  );
}

/**
 * What one line's five symbols pay, in line stakes: the first symbol that is not wild names the
 * line, and it pays for the run from the left of that symbol and wilds (three or more). A line of
 * five wilds pays as five of the top symbol; a scatter breaks a line.
 */
export function lineOf(symbols: readonly SlotSymbol[]): {
  symbol: Paying | null;
  count: number;
  pays: number;
} {
  const named = symbols.find((s) => s !== W) ?? PAYING[0];
  if (named === S) return { symbol: null, count: 0, pays: 0 };
  let count = 0;
  while (count < REELS && (symbols[count] === named || symbols[count] === W)) count += 1;
  const pays = count >= 3 ? PAYTABLE[named as Paying][count - 3]! : 0;
  return { symbol: named as Paying, count, pays };
}

/** How many scatters a reel's three rows show. */
export const scattersIn = (column: readonly SlotSymbol[]) => column.filter((s) => s === S).length;

export type SpinResult = {
  stops: number[];
  window: Window;
  /** The lines that pay: their index, symbol, run and pay (line stakes). */
  lines: Array<{ line: number; symbol: Paying; count: number; pays: number }>;
  scatters: number;
  /** Scatter pay, in total stakes. */
  scatterPays: number;
  freeSpins: number;
};

/** One spin's result: its window, its paying lines, its scatters. */
export function spin(floats: readonly number[]): SpinResult {
  const stops = stopsOf(floats);
  const window = windowAt(stops);
  const lines: SpinResult['lines'] = [];
  LINES.forEach((rows, line) => {
    const paid = lineOf(rows.map((row, reel) => window[reel]![row]!));
    if (paid.pays > 0 && paid.symbol) {
      lines.push({ line, symbol: paid.symbol, count: paid.count, pays: paid.pays });
    }
  });
  const scatters = window.reduce((n, column) => n + scattersIn(column), 0);
  const award = scatters >= 3 ? Math.min(scatters, 5) - 3 : -1;
  return {
    stops,
    window,
    lines,
    scatters,
    scatterPays: award >= 0 ? SCATTER_PAYS[award]! : 0,
    freeSpins: award >= 0 ? FREE_SPINS[award]! : 0,
  };
}

/**
 * What a spin returns in units of the line stake (the total stake is 20 of them); free spins pay
 * FREE_SPIN_MULTIPLIER times.
 */
export function spinReturn(result: SpinResult, free = false): number {
  const lines = result.lines.reduce((t, l) => t + l.pays, 0);
  const total = lines + result.scatterPays * LINES.length;
  return free ? total * FREE_SPIN_MULTIPLIER : total;
}
