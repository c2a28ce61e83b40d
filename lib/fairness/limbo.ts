import type { Rational } from './rational';

/**
 * Limbo: a result multiplier from the first float, in the order Stake's published code writes it
 * — max(1, floor((1e8 / (f × 1e8)) × (1 − edge) × 100) / 100) — since another order of the same
 * arithmetic rounds differently for some floats, and a verifier would disagree with us. The player
 * wins iff the result reaches the target, and is paid the target.
 */
export const LIMBO_TARGET_MIN = 101; // 1.01×, in hundredths
export const LIMBO_TARGET_MAX = 100_000_000; // 1,000,000×

/** The smallest float the generator gives above zero (the byte lattice's step, 2⁻³²). */
const SMALLEST_FLOAT = 2 ** -32;

/**
 * The result in hundredths for a float and an edge in basis points: max(100, floor(v × 100)) with
 * v = (1e8 / (f × 1e8)) × (1 − edge), the same integer as the published max(1, floor(v × 100) / 100)
 * before its last division. A float of exactly zero would divide by zero; it gives the largest
 * result any float gives (that of 2⁻³², about 4.25 × 10⁹ at 1 %), so it wins every target.
 */
export function limboResultUnits(f: number, edgeBp: number): number {
  const edge = edgeBp / 10_000;
  const x = f === 0 ? SMALLEST_FLOAT : f;
  return Math.max(100, Math.floor((1e8 / (x * 1e8)) * (1 - edge) * 100));
}

/** The result as shown (2.35 for 2.35×). */
export function limboResult(f: number, edgeBp: number): number {
  return limboResultUnits(f, edgeBp) / 100;
}

export function isLimboTarget(targetUnits: number): boolean {
  return (
    Number.isInteger(targetUnits) &&
    targetUnits >= LIMBO_TARGET_MIN &&
    targetUnits <= LIMBO_TARGET_MAX
  );
}

/** A win iff result ≥ target (both in hundredths, so no two doubles are compared). */
export function limboWins(resultUnits: number, targetUnits: number): boolean {
  return resultUnits >= targetUnits;
}

/** The multiplier a win pays: the target itself. */
export function limboMultiplier(targetUnits: number): Rational {
  return { num: BigInt(targetUnits), den: BigInt(100) };
}

/**
 * How many of the generator's 2³² floats win at a target: the result falls as the float grows
 * (each step of the formula is monotone), so the winners are k / 2³² for k below a boundary, found
 * by a binary search. For the exact RTP (tests, docs/fairness.md) and `npm run verify:fairness`.
 */
export function limboWinningFloats(targetUnits: number, edgeBp: number): number {
  const lattice = 2 ** 32;
  let low = 0; // wins: f = 0 wins every target
  let high = lattice; // k = 2³² is past the lattice
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (limboWins(limboResultUnits(mid / lattice, edgeBp), targetUnits)) low = mid;
    else high = mid;
  }
  return high;
}
