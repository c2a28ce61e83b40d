import {
  DICE_OUTCOMES,
  PLINKO_RISKS,
  PLINKO_TABLES,
  diceMultiplier,
  diceRollUnits,
  diceWins,
  floats,
  limboResultUnits,
  limboWinningFloats,
  limboWins,
  minesLayout,
  minesMultiplier,
  plinkoBucket,
  plinkoMultiplier,
  plinkoPath,
  plinkoRtp,
  weightedMean,
  type DiceSide,
  type Rational,
} from '@/lib/fairness';

/**
 * The return to player of each original, exactly, and the real draw (HMAC, floats, mapping)
 * measured against it. docs/fairness.md lists the figures these tests hold.
 */
/** Each table's RTP over 10 × 2^rows (Σ C(rows, k) × 10 mₖ), rows 8 to 16: low, medium, high. */
const PLINKO_RTP_TENTHS: Record<number, [number, number, number]> = {
  8: [2534, 2532, 2536],
  9: [5068, 5076, 5072],
  10: [10138, 10128, 10144],
  11: [20276, 20280, 20308],
  12: [40542, 40546, 40598],
  13: [81100, 81096, 81172],
  14: [162202, 162192, 162166],
  15: [324406, 324398, 324490],
  16: [648798, 648730, 648652],
};
const EDGE_BP = 100;
const LATTICE = 2 ** 32; // floats are k / 2³², k = 0 … 2³² − 1
const asNumber = ({ num, den }: Rational) => Number(num) / Number(den);

/** χ² quantile with upper tail 10⁻⁶ (Wilson–Hilferty; z = 4.7534, the normal's 1 − 10⁻⁶ point). */
function chiSquareCritical(df: number): number {
  const z = 4.7534;
  return df * (1 - 2 / (9 * df) + z * Math.sqrt(2 / (9 * df))) ** 3;
}

function chiSquare(observed: number[], expected: number[]): number {
  return observed.reduce((sum, o, i) => sum + (o - expected[i]!) ** 2 / expected[i]!, 0);
}

describe('exact return to player', () => {
  it('Dice: over its 10,001 rolls, (100 − edge) % × 10,000 / 10,001 at every target and side', () => {
    const targets: [number, DiceSide][] = [
      [5050, 'over'],
      [9999, 'over'],
      [200, 'over'],
      [1, 'under'],
      [9000, 'under'],
      [9800, 'under'],
    ];
    for (const [target, side] of targets) {
      const rtp = weightedMean(
        Array.from({ length: DICE_OUTCOMES }, (_, roll) => ({
          weight: BigInt(1),
          value: diceWins(roll, target, side)
            ? diceMultiplier(target, side, EDGE_BP)
            : { num: BigInt(0), den: BigInt(1) },
        })),
      );
      expect(rtp).toEqual({ num: BigInt(9900), den: BigInt(10_001) });
    }
  });

  it('Dice: every roll is reached by 429,453 or 429,454 of the 2³² floats', () => {
    // f × 10001 is exact in a double (46 bits), so roll r takes the k with r ≤ k × 10001 / 2³² < r + 1.
    const first = (r: number) => Math.ceil((r * LATTICE) / DICE_OUTCOMES);
    for (const r of [0, 1, 5000, 9999, 10_000]) {
      const count = first(r + 1) - first(r);
      expect([429_453, 429_454]).toContain(count);
      expect(diceRollUnits(first(r) / LATTICE)).toBe(r);
      expect(diceRollUnits((first(r + 1) - 1) / LATTICE)).toBe(r);
    }
  });

  it('Limbo: the win boundary on the float lattice at 1.01×, 2×, 10×, 100×, 10⁴× and 10⁶×', () => {
    const expected: Record<number, number> = {
      101: 4_209_918_439,
      200: 2_126_008_812,
      1_000: 425_201_763,
      10_000: 42_520_177,
      1_000_000: 425_202,
      100_000_000: 4_253,
    };
    for (const [target, boundary] of Object.entries(expected)) {
      expect(limboWinningFloats(+target, EDGE_BP)).toBe(boundary);
      // The mapping itself at the published boundary and one past it.
      expect(limboWins(limboResultUnits((boundary - 1) / LATTICE, EDGE_BP), +target)).toBe(true);
      expect(limboWins(limboResultUnits(boundary / LATTICE, EDGE_BP), +target)).toBe(false);
      // Wins are f ≤ 0.99 / target, so the return is 99 % plus less than one float's share.
      const rtp = (boundary / LATTICE) * (+target / 100);
      expect(rtp).toBeGreaterThanOrEqual(0.99);
      expect(rtp - 0.99).toBeLessThan(+target / 100 / LATTICE);
    }
  });

  it('Plinko: each of the 27 tables between 98.906 % and 99.1602 %, 8 rows medium the lowest', () => {
    const rtps = Object.keys(PLINKO_TABLES).flatMap((rows) =>
      PLINKO_RISKS.map((risk) => ({ rows: +rows, risk, rtp: plinkoRtp(+rows, risk) })),
    );
    expect(rtps).toHaveLength(27);
    for (const { rows, risk, rtp } of rtps) {
      expect(PLINKO_TABLES[rows]![risk]).toHaveLength(rows + 1);
      // Symmetric: bucket k pays what bucket rows − k does.
      expect([...PLINKO_TABLES[rows]![risk]].reverse()).toEqual(PLINKO_TABLES[rows]![risk]);
      expect(asNumber(rtp)).toBeGreaterThanOrEqual(0.98906);
      expect(asNumber(rtp)).toBeLessThan(0.991602);
    }
    for (const { rows, risk, rtp } of rtps) {
      const tenths = PLINKO_RTP_TENTHS[rows]![PLINKO_RISKS.indexOf(risk)]!;
      expect(rtp.num * BigInt(10 * 2 ** rows)).toBe(BigInt(tenths) * rtp.den);
    }
    expect(plinkoRtp(8, 'medium')).toEqual({ num: BigInt(633), den: BigInt(640) }); // 98.90625 %
    expect(plinkoRtp(10, 'medium')).toEqual(plinkoRtp(8, 'medium'));
    expect(plinkoRtp(11, 'high')).toEqual({ num: BigInt(5077), den: BigInt(5120) }); // 99.16016 %
    expect(plinkoRtp(16, 'low')).toEqual({ num: BigInt(324_399), den: BigInt(327_680) });
    const lowest = Math.min(...rtps.map((r) => asNumber(r.rtp)));
    expect(lowest).toBe(asNumber(plinkoRtp(8, 'medium')));
  });
});

describe('the real draw, a million bets a setting', () => {
  const N = 1_000_000;
  const serverSeed = 'c0ffee'.repeat(10) + 'f00d';
  const clientSeed = 'fairness-rtp';
  const dice = { target: 9000, side: 'under' as const };
  const limboTarget = 110;
  const plinko = PLINKO_TABLES[16]!.low.map((_, k) => asNumber(plinkoMultiplier(16, 'low', k)));
  // One pass: each nonce's sixteen floats are a Plinko drop, the first is also a Dice roll and a
  // Limbo result, and the first three a Mines board of 3 (four settings, each checked on its own).
  const seen = { dice: 0, limbo: 0, plinko: 0, mines: 0, rolls: new Array<number>(101).fill(0) };
  const buckets = new Array<number>(17).fill(0);
  const mineTiles = new Array<number>(25).fill(0);
  // The same floats through a shuffle that is subtly wrong (rounding instead of flooring): the
  // tile test must see it, or it could not see a real one either.
  const biasedTiles = new Array<number>(25).fill(0);
  const minesPays = asNumber(minesMultiplier(3, 1, EDGE_BP));

  // Two million HMACs: about a minute here, more on a loaded machine.
  beforeAll(() => {
    const diceMultiplierValue = asNumber(diceMultiplier(dice.target, dice.side, EDGE_BP));
    for (let nonce = 0; nonce < N; nonce += 1) {
      const f = floats(serverSeed, clientSeed, nonce, 16);
      const roll = diceRollUnits(f[0]!);
      seen.rolls[Math.floor(roll / 100)]! += 1;
      if (diceWins(roll, dice.target, dice.side)) seen.dice += diceMultiplierValue;
      if (limboWins(limboResultUnits(f[0]!, EDGE_BP), limboTarget)) seen.limbo += limboTarget / 100;
      const bucket = plinkoBucket(plinkoPath(f, 16));
      buckets[bucket]! += 1;
      seen.plinko += plinko[bucket]!;
      const board = minesLayout(f, 3);
      for (const tile of board) mineTiles[tile]! += 1;
      // One pick a board, each tile in turn.
      if (!board.includes(nonce % 25)) seen.mines += minesPays;
      const free = Array.from({ length: 25 }, (_, t) => t);
      for (let i = 0; i < 3; i += 1)
        biasedTiles[free.splice(Math.round(f[i]! * (24 - i)), 1)[0]!]! += 1;
    }
  }, 600_000);

  /** The mean return is within 5σ/√N of the exact one, σ the setting's deviation per bet. */
  function expectNear(total: number, exact: number, sigma: number) {
    expect(Math.abs(total / N - exact)).toBeLessThanOrEqual((5 * sigma) / Math.sqrt(N));
  }

  it('Dice under 90 (90 % chance, 1.1×): RTP and the roll bins', () => {
    const p = 9000 / DICE_OUTCOMES;
    // σ = 1.1 × √(p(1 − p)) ≈ 0.330
    expectNear(seen.dice, 9900 / DICE_OUTCOMES, 1.1 * Math.sqrt(p * (1 - p)));
    // Bins of 100 rolls each, and 100.00 alone.
    const expected = seen.rolls.map((_, i) => (N * (i === 100 ? 1 : 100)) / DICE_OUTCOMES);
    expect(chiSquare(seen.rolls, expected)).toBeLessThan(chiSquareCritical(100));
  });

  it('Limbo at 1.10×: RTP', () => {
    const p = limboWinningFloats(limboTarget, EDGE_BP) / LATTICE;
    // σ = 1.1 × √(p(1 − p)) ≈ 0.330
    expectNear(seen.limbo, p * 1.1, 1.1 * Math.sqrt(p * (1 - p)));
  });

  it('Plinko 16 rows, low risk: RTP and the buckets', () => {
    const chance = plinko.map((_, k) => binomial(16, k) / 2 ** 16);
    const rtp = asNumber(plinkoRtp(16, 'low'));
    // σ² = Σ pₖ mₖ² − RTP², σ ≈ 0.332
    const sigma = Math.sqrt(chance.reduce((s, p, k) => s + p * plinko[k]! ** 2, 0) - rtp ** 2);
    expectNear(seen.plinko, rtp, sigma);
    expect(
      chiSquare(
        buckets,
        chance.map((p) => p * N),
      ),
    ).toBeLessThan(chiSquareCritical(16));
  });

  it('Mines, 3 mines and one pick: RTP, and each tile a mine as often as any other', () => {
    const p = 22 / 25;
    // σ = 1.125 × √(p(1 − p)) ≈ 0.366
    expectNear(seen.mines, 0.99, minesPays * Math.sqrt(p * (1 - p)));
    const expected = new Array<number>(25).fill((3 * N) / 25);
    expect(chiSquare(mineTiles, expected)).toBeLessThan(chiSquareCritical(24));
    expect(chiSquare(biasedTiles, expected)).toBeGreaterThan(chiSquareCritical(24));
  });
});

function binomial(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i += 1) c = (c * (n - k + i)) / i;
  return c;
}
