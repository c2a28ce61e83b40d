import { reduced, type Rational } from '@/lib/fairness/rational';
import {
  FREE_SPINS,
  FREE_SPIN_MULTIPLIER,
  LINES,
  PAYING,
  PAYTABLE,
  REELS,
  ROWS,
  SCATTER_PAYS,
  STRIPS,
  lineOf,
  scattersIn,
  type SlotSymbol,
} from './slot';

/*
 * The slot's RTP, exact. Every stop of a strip is equally likely and the reels are independent,
 * so the five symbols under any line are independent with each strip's symbol frequencies (a row
 * offset only turns the strip): one line's expected pay, times twenty, is the lines' part.
 * Scatters are counted per reel. Free spins run on the same reels, so each spin — paid or free —
 * awards m free spins on average, and a base spin leads to m + m² + … = m / (1 − m) of them.
 *
 *   RTP = (E[lines] + E[scatters]) × (1 + multiplier × m / (1 − m)) / 20 line stakes
 */

const ONE = BigInt(1);

/** How many stops of each strip show each symbol on a given row. */
function frequencies(): Array<Map<SlotSymbol, number>> {
  return STRIPS.map((strip) => {
    const counts = new Map<SlotSymbol, number>();
    for (const symbol of strip) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    return counts;
  });
}

/** Π strip lengths: every figure below is an integer count over it. */
const stopsTotal = () => STRIPS.reduce((n, strip) => n * BigInt(strip.length), ONE);

/**
 * One line's expected pay (line stakes, over `stopsTotal`), enumerated: every five symbols a line
 * can show, weighted by how many stops show them, paid by `lineOf` — the game's own function.
 */
export function lineWeight(): bigint {
  const reels = frequencies().map((counts) => [...counts.entries()]);
  let total = BigInt(0);
  const symbols: SlotSymbol[] = [];
  const walk = (reel: number, weight: bigint) => {
    if (reel === REELS) {
      total += weight * BigInt(lineOf(symbols).pays);
      return;
    }
    for (const [symbol, count] of reels[reel]!) {
      symbols[reel] = symbol;
      walk(reel + 1, weight * BigInt(count));
    }
  };
  walk(0, ONE);
  return total;
}

/**
 * The same, written from the paytable alone: for each symbol s and run k, the chance that j
 * wilds lead, then s, then s or wild up to k, then something else — and five wilds paying as the
 * top symbol. A check on `lineWeight`, sharing nothing with `lineOf`.
 */
export function lineWeightFromPaytable(): bigint {
  const freq = frequencies();
  const count = (reel: number, symbol: SlotSymbol) => BigInt(freq[reel]!.get(symbol) ?? 0);
  const length = (reel: number) => BigInt(STRIPS[reel]!.length);
  let total = BigInt(0);
  for (const s of PAYING) {
    const sOrWild = (reel: number) => count(reel, s) + count(reel, 'wild');
    for (let k = 3; k <= REELS; k += 1) {
      for (let j = 0; j < k; j += 1) {
        let ways = ONE;
        for (let reel = 0; reel < j; reel += 1) ways *= count(reel, 'wild');
        ways *= count(j, s);
        for (let reel = j + 1; reel < k; reel += 1) ways *= sOrWild(reel);
        if (k < REELS) ways *= length(k) - sOrWild(k);
        for (let reel = k + 1; reel < REELS; reel += 1) ways *= length(reel);
        total += ways * BigInt(PAYTABLE[s][k - 3]!);
      }
    }
  }
  let allWild = ONE;
  for (let reel = 0; reel < REELS; reel += 1) allWild *= count(reel, 'wild');
  return total + allWild * BigInt(PAYTABLE[PAYING[0]][2]);
}

/** How many of all stops show 0 … 5 scatters, each reel's count taken by `scattersIn`. */
export function scatterWeights(): bigint[] {
  let ways: bigint[] = [ONE];
  for (const strip of STRIPS) {
    const perReel = Array.from({ length: ROWS + 1 }, () => BigInt(0));
    strip.forEach((_, stop) => {
      const column = Array.from({ length: ROWS }, (__, row) => strip[(stop + row) % strip.length]!);
      perReel[scattersIn(column)]! += ONE;
    });
    const next = Array.from({ length: ways.length + ROWS }, () => BigInt(0));
    ways.forEach((w, a) => perReel.forEach((p, b) => (next[a + b]! += w * p)));
    ways = next;
  }
  return ways;
}

export type SlotRtp = {
  /** Each part per total stake: lines, scatters, free spins; and their sum. */
  lines: Rational;
  scatters: Rational;
  freeSpins: Rational;
  rtp: Rational;
  /** The chance a spin starts free spins, and the free spins a base spin leads to on average. */
  trigger: Rational;
  spinsPerSpin: Rational;
};

export function slotRtp(): SlotRtp {
  const den = stopsTotal();
  const lineStakes = BigInt(LINES.length);
  const scatters = scatterWeights();
  let scatterPays = BigInt(0);
  let awarded = BigInt(0);
  let triggered = BigInt(0);
  scatters.forEach((ways, n) => {
    if (n < 3) return;
    const award = Math.min(n, 5) - 3;
    scatterPays += ways * BigInt(SCATTER_PAYS[award]!);
    awarded += ways * BigInt(FREE_SPINS[award]!);
    triggered += ways;
  });
  // Per total stake: the lines' pays are in line stakes (20 to a spin), scatters in total stakes.
  const lines = reduced({ num: lineWeight() * lineStakes, den: den * lineStakes });
  const scatter = reduced({ num: scatterPays, den });
  const base: Rational = reduced({
    num: lines.num * scatter.den + scatter.num * lines.den,
    den: lines.den * scatter.den,
  });
  // m = awarded / den; free spins per base spin m / (1 − m) = awarded / (den − awarded).
  const spinsPerSpin = reduced({ num: awarded, den: den - awarded });
  const multiplier = BigInt(FREE_SPIN_MULTIPLIER);
  const freeSpins = reduced({
    num: base.num * spinsPerSpin.num * multiplier,
    den: base.den * spinsPerSpin.den,
  });
  const rtp = reduced({
    num: base.num * freeSpins.den + freeSpins.num * base.den,
    den: base.den * freeSpins.den,
  });
  return {
    lines,
    scatters: scatter,
    freeSpins,
    rtp,
    trigger: reduced({ num: triggered, den }),
    spinsPerSpin,
  };
}
