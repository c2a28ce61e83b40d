/**
 * Multipliers are exact fractions: a payout is floor(stake × num / den) in ledger units, so no
 * double ever decides how much money moves. The doubles of the mappings decide only outcomes.
 */
export type Rational = { num: bigint; den: bigint };

/** A decimal written in base ten ("5.6", "1000", "0.2") as a fraction over a power of ten. */
export function decimal(text: string): Rational {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`not a plain decimal: ${text}`);
  const fraction = match[2] ?? '';
  return { num: BigInt(match[1]! + fraction), den: BigInt(10) ** BigInt(fraction.length) };
}

/** What a stake returns at this multiplier, rounded down to the ledger unit. */
export function payoutOf(stake: bigint, multiplier: Rational): bigint {
  return (stake * multiplier.num) / multiplier.den;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** The same fraction in lowest terms. */
export function reduced({ num, den }: Rational): Rational {
  const g = gcd(num, den) || BigInt(1);
  return { num: num / g, den: den / g };
}

/** Σ weightᵢ × valueᵢ over Σ weightᵢ: an expected value, exactly. */
export function weightedMean(terms: readonly { weight: bigint; value: Rational }[]): Rational {
  const den = terms.reduce((d, t) => (d * t.value.den) / gcd(d, t.value.den), BigInt(1));
  const total = terms.reduce((w, t) => w + t.weight, BigInt(0));
  const num = terms.reduce((n, t) => n + t.weight * t.value.num * (den / t.value.den), BigInt(0));
  return reduced({ num, den: den * total });
}

/** C(n, k), the ways to choose k of n, exactly (0 outside 0 ≤ k ≤ n). */
export function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return BigInt(0);
  let c = BigInt(1);
  for (let i = 1; i <= k; i += 1) c = (c * BigInt(n - k + i)) / BigInt(i);
  return c;
}
