import { createHash, randomBytes } from 'node:crypto';
import {
  bustAfterMs,
  chainIndexOfGame,
  crashAutoRtp,
  crashInt,
  crashPointUnits,
  crashSurvivors,
  crashUnitsAt,
  crashUnitsOfInt,
  hashForward,
  isGameHash,
  nextChainHash,
} from '@/lib/fairness/crash';
import { referenceChain, referenceCrash } from '../fixtures/fairness/reference';

/**
 * Crash's hash chain and crash points against a second reading of the published description
 * (test/fixtures/fairness/reference.ts), its exact returns, and the real path's distribution.
 */
const EDGE_BP = 100;
const SALT = '0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c';
const LATTICE = 2 ** 32;

describe('the hash chain', () => {
  const seed = randomBytes(32).toString('hex');
  const N = 2_000;
  const chain = referenceChain(seed, N);
  const terminating = chain[N]!;
  /** Game n's hash, as the reference reads the chain: from its end. */
  const gameHash = (n: number) => chain[N - n]!;

  it('is built as the reference builds it, and games take it from its end', () => {
    expect(hashForward(seed, N)).toBe(terminating);
    expect(nextChainHash(chain[7]!)).toBe(chain[8]);
    expect(chainIndexOfGame(1, N)).toBe(N - 1);
    expect(chainIndexOfGame(N, N)).toBe(0);
    expect(() => chainIndexOfGame(0, N)).toThrow(RangeError);
    expect(() => chainIndexOfGame(N + 1, N)).toThrow(RangeError);
  });

  it('a revealed hash proves its game and every earlier one, and predicts no later one', () => {
    const n = 1_234;
    const revealed = gameHash(n);
    expect(isGameHash(revealed, n, terminating)).toBe(true);
    expect(isGameHash(revealed, n + 1, terminating)).toBe(false);
    // Hashing it walks back through the earlier games: game n − k's hash after k steps.
    expect(hashForward(revealed, 5)).toBe(gameHash(n - 5));
    // Forward from it, no number of steps ever reaches game n + 1's hash (it is the preimage).
    let walked = revealed;
    for (let step = 0; step <= n; step += 1) {
      expect(walked).not.toBe(gameHash(n + 1));
      walked = nextChainHash(walked);
    }
    // And what it tells of game n + 1's crash point: nothing that matches it.
    expect(crashPointUnits(nextChainHash(revealed), SALT, EDGE_BP)).toBe(
      crashPointUnits(gameHash(n - 1), SALT, EDGE_BP),
    );
    expect(isGameHash('g'.repeat(64), 1, terminating)).toBe(false);
  });

  it('every game crashes where the reference says, for several edges', () => {
    for (const edge of [100, 300]) {
      for (let n = 1; n <= N; n += 1) {
        expect(crashPointUnits(gameHash(n), SALT, edge)).toBe(
          referenceCrash(gameHash(n), SALT, edge / 10_000),
        );
      }
    }
  });
});

describe('crash points', () => {
  it('the integer is the first four bytes, big-endian', () => {
    const hash = 'ab'.repeat(32);
    const int = crashInt(hash, SALT);
    expect(int).toBeGreaterThanOrEqual(0);
    expect(int).toBeLessThan(LATTICE);
    expect(crashUnitsOfInt(int, EDGE_BP)).toBe(referenceCrash(hash, SALT, 0.01));
  });

  it('at the lattice ends: the largest integer crashes at 1.00×, zero at the formula’s top', () => {
    expect(crashUnitsOfInt(LATTICE - 1, EDGE_BP)).toBe(100);
    expect(crashUnitsOfInt(0, EDGE_BP)).toBe(Math.floor(LATTICE * 0.99 * 100));
  });

  it('the curve: e^(0.00006 t), cut to hundredths, and its bust instant', () => {
    expect(crashUnitsAt(0)).toBe(100);
    expect(crashUnitsAt(-5)).toBe(100);
    expect(crashUnitsAt(1_000)).toBe(106); // e^0.06 = 1.0618…
    expect(crashUnitsAt(11_552.45)).toBe(199); // just before ln 2 / 0.00006
    expect(crashUnitsAt(11_552.46)).toBe(200);
    expect(bustAfterMs(200)).toBeCloseTo(11_552.453, 3);
    expect(bustAfterMs(100)).toBe(0);
  });
});

/** RTP(t) = t · #{int : crash ≥ t} / 2³², pinned exactly (docs/fairness.md lists them). */
describe('the exact return of an auto cash-out', () => {
  /** Counted apart from the formula's doubles: int + 1 ≤ 2³² × (1 − edge) × 100 / t, in integers. */
  const exactCount = (target: number) =>
    Number((BigInt(LATTICE) * BigInt(10_000 - EDGE_BP)) / BigInt(100 * target));

  it.each([101, 200, 1_000, 10_000])(
    'at %i hundredths, the survivors end at a lattice boundary',
    (target) => {
      const survivors = crashSurvivors(target, EDGE_BP);
      expect(survivors).toBe(exactCount(target));
      expect(crashUnitsOfInt(survivors - 1, EDGE_BP)).toBeGreaterThanOrEqual(target);
      expect(crashUnitsOfInt(survivors, EDGE_BP)).toBeLessThan(target);
      const { num, den } = crashAutoRtp(target, EDGE_BP);
      const rtp = Number(num) / Number(den);
      // Just under 1 − edge, never above it.
      expect(rtp).toBeLessThanOrEqual(0.99);
      expect(rtp).toBeGreaterThan(0.9899);
    },
  );

  it('no integer survives a target above the top', () => {
    expect(crashSurvivors(crashUnitsOfInt(0, EDGE_BP) + 1, EDGE_BP)).toBe(0);
  });
});

/**
 * A million games through the real path (the chain, the HMAC, the formula): the mean return at
 * auto 1.10× within 5σ/√N of the exact figure, and survival past 1.5, 2, 10 and 100× by χ².
 */
describe('a million games', () => {
  const N = 1_000_000;
  const salt = randomBytes(32).toString('hex');
  const points = new Uint32Array(N);
  beforeAll(() => {
    // The chain by node:crypto (the same hashing, checked above, at a fraction of the time).
    let hash = randomBytes(32).toString('hex');
    for (let i = 0; i < N; i += 1) {
      points[i] = crashPointUnits(hash, salt, EDGE_BP);
      hash = createHash('sha256').update(hash).digest('hex');
    }
  }, 120_000);

  it('auto cash-out at 1.10×: the mean return within 5σ/√N', () => {
    const target = 110;
    const p = crashSurvivors(target, EDGE_BP) / LATTICE;
    let paid = 0;
    for (const point of points) if (point >= target) paid += 1.1;
    const mean = paid / N;
    const sigma = 1.1 * Math.sqrt(p * (1 - p));
    expect(Math.abs(mean - 1.1 * p)).toBeLessThan((5 * sigma) / Math.sqrt(N));
  });

  it('survival at 1.5, 2, 10 and 100×: χ² under the p < 10⁻⁶ bound (4 degrees of freedom)', () => {
    const edges = [150, 200, 1_000, 10_000];
    const survive = edges.map((t) => crashSurvivors(t, EDGE_BP) / LATTICE);
    // Bins: below 1.5, [1.5, 2), [2, 10), [10, 100), 100 and up.
    const expected = [1 - survive[0]!, ...survive.map((s, i) => s - (survive[i + 1] ?? 0))];
    const observed = [0, 0, 0, 0, 0];
    for (const point of points) observed[edges.filter((t) => point >= t).length]! += 1;
    const chi2 = observed.reduce((sum, o, i) => {
      const e = expected[i]! * N;
      return sum + (o - e) ** 2 / e;
    }, 0);
    expect(chi2).toBeLessThan(33.38); // the χ²(4) quantile at 1 − 10⁻⁶
  });
});
