import {
  MINES_MAX,
  MINES_MIN,
  floats,
  minesLadder,
  minesLayout,
  minesMultiplier,
  minesSurvival,
  sha256Hex,
  type Rational,
} from '@/lib/fairness';
import { referenceFloats, referenceMines } from '../fixtures/fairness/reference';
import { minesVectors } from '../fixtures/fairness/vectors';

/** Mines' board and its payouts: the published boards, the second reading, the exact return. */
const EDGE_BP = 100;
const same = (a: Rational, b: Rational) => a.num * b.den === b.num * a.den;

describe('Mines boards', () => {
  it('are the published ones: a verifier’s game test and a 24-mine order matching its hash', () => {
    const { game, sequence } = minesVectors;
    const draw = floats(game.serverSeed, game.clientSeed, game.nonce, 3);
    expect(minesLayout(draw, 1)).toEqual(game.one);
    expect(minesLayout(draw, 3)).toEqual(game.three);
    expect(sha256Hex(sequence.serverSeed)).toBe(sequence.hash);
    for (const [nonce, order] of Object.entries(sequence.orders)) {
      const all = floats(sequence.serverSeed, sequence.clientSeed, Number(nonce), 24);
      expect(minesLayout(all, 24)).toEqual(order);
      // Fewer mines are the start of the same order.
      expect(minesLayout(all, 5)).toEqual(order.slice(0, 5));
      expect(
        referenceMines(
          referenceFloats(sequence.serverSeed, sequence.clientSeed, Number(nonce), 24),
          24,
        ),
      ).toEqual(order);
    }
  });

  it('agree with the independent reference for every count of mines, nonce after nonce', () => {
    const serverSeed = 'ab'.repeat(32);
    for (let nonce = 0; nonce < 200; nonce += 1) {
      const mines = MINES_MIN + (nonce % MINES_MAX);
      const ours = minesLayout(floats(serverSeed, 'mines', nonce, mines), mines);
      expect(ours).toEqual(
        referenceMines(referenceFloats(serverSeed, 'mines', nonce, mines), mines),
      );
      expect(new Set(ours).size).toBe(mines);
      expect(ours.every((t) => Number.isInteger(t) && t >= 0 && t < 25)).toBe(true);
    }
  });

  it('take the last free tile at a float just under 1 and the first at 0', () => {
    const high = 1 - 2 ** -32;
    expect(minesLayout([high, high, high], 3)).toEqual([24, 23, 22]);
    expect(minesLayout([0, 0, 0], 3)).toEqual([0, 1, 2]);
  });

  it('refuse 0 or 25 mines, and a draw short of a float per mine', () => {
    expect(() => minesLayout([0.5], 0)).toThrow(RangeError);
    expect(() => minesLayout(new Array(25).fill(0.5), 25)).toThrow(RangeError);
    expect(() => minesLayout([0.5, 0.5], 3)).toThrow(RangeError);
  });
});

describe('Mines payouts', () => {
  it('pay (1 − edge) × C(25, k) / C(25 − m, k): 1.03125× for one pick past 1 mine, 24.75× past 24', () => {
    expect(minesMultiplier(1, 1, EDGE_BP)).toEqual({ num: BigInt(33), den: BigInt(32) });
    expect(minesMultiplier(3, 1, EDGE_BP)).toEqual({ num: BigInt(9), den: BigInt(8) });
    expect(minesMultiplier(24, 1, EDGE_BP)).toEqual({ num: BigInt(99), den: BigInt(4) });
    // Every safe tile of 3 mines: 0.99 × C(25, 22) = 0.99 × 2300.
    expect(same(minesMultiplier(3, 22, EDGE_BP), { num: BigInt(227_700), den: BigInt(100) })).toBe(
      true,
    );
    expect(minesLadder(3, EDGE_BP)).toHaveLength(22);
    expect(minesLadder(3, EDGE_BP)[0]).toEqual(minesMultiplier(3, 1, EDGE_BP));
  });

  it('return exactly 1 − edge at every count of mines and picks (survival × multiplier)', () => {
    for (let mines = MINES_MIN; mines <= MINES_MAX; mines += 1) {
      for (let picks = 1; picks <= 25 - mines; picks += 1) {
        const survival = minesSurvival(mines, picks);
        // The same chance as a product of one pick after another: (25 − m − i) / (25 − i).
        let num = BigInt(1);
        let den = BigInt(1);
        for (let i = 0; i < picks; i += 1) {
          num *= BigInt(25 - mines - i);
          den *= BigInt(25 - i);
        }
        expect(same(survival, { num, den })).toBe(true);
        const m = minesMultiplier(mines, picks, EDGE_BP);
        expect(
          same(
            { num: survival.num * m.num, den: survival.den * m.den },
            {
              num: BigInt(99),
              den: BigInt(100),
            },
          ),
        ).toBe(true);
      }
    }
  });

  it('refuse more picks than safe tiles', () => {
    expect(() => minesMultiplier(3, 23, EDGE_BP)).toThrow(RangeError);
    expect(() => minesMultiplier(0, 1, EDGE_BP)).toThrow(RangeError);
    expect(() => minesMultiplier(3, -1, EDGE_BP)).toThrow(RangeError);
  });
});
