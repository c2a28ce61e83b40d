import { PLINKO_ROWS_MAX, PLINKO_ROWS_MIN, PLINKO_TABLES, type PlinkoRisk } from './plinko-tables';
import { choose, decimal, weightedMean, type Rational } from './rational';

/**
 * Plinko: one float per row; the ball goes right iff floor(fᵢ × 2) = 1, and lands in the bucket
 * that counts its rights. Rows 9 to 16 draw on a second round of the generator.
 */
export function isPlinkoRows(rows: number): boolean {
  return Number.isInteger(rows) && rows >= PLINKO_ROWS_MIN && rows <= PLINKO_ROWS_MAX;
}

/** The path, one direction per row (0 left, 1 right), from the first `rows` floats. */
export function plinkoPath(floats: readonly number[], rows: number): number[] {
  if (floats.length < rows) throw new RangeError(`${rows} rows need ${rows} floats`);
  return floats.slice(0, rows).map((f) => Math.floor(f * 2));
}

export function plinkoBucket(path: readonly number[]): number {
  return path.reduce((sum, d) => sum + d, 0);
}

export function plinkoMultiplier(rows: number, risk: PlinkoRisk, bucket: number): Rational {
  const text = PLINKO_TABLES[rows]?.[risk]?.[bucket];
  if (text === undefined) throw new RangeError(`no bucket ${bucket} at ${rows} rows, ${risk}`);
  return decimal(text);
}

/** The table's exact return to player: Σ C(rows, k) × mₖ / 2^rows, as a fraction in lowest terms. */
export function plinkoRtp(rows: number, risk: PlinkoRisk): Rational {
  return weightedMean(
    PLINKO_TABLES[rows]![risk].map((_, k) => ({
      weight: choose(rows, k),
      value: plinkoMultiplier(rows, risk, k),
    })),
  );
}
