/**
 * What settled bets return: each result's factor, multiples floored once, Asian quarter lines,
 * dead heat, and cash-out offers never above fair value less the margin.
 */
import {
  betReturn,
  cashOutOffer,
  deadHeatFactor,
  legFactor,
  lineBetResult,
} from '@/lib/sportsbook/settle';

const STAKE = BigInt(1_000_000);

describe('settlement', () => {
  it.each([
    ['won', 25000, '25000/10000'],
    ['lost', 25000, '0/1'],
    ['void', 25000, '1/1'],
    ['half-won', 19000, '29000/20000'],
    ['half-lost', 19000, '1/2'],
  ] as const)('a %s leg at %s returns %s of its stake', (result, odds, factor) => {
    const f = legFactor(result, odds);
    expect(`${f.num}/${f.den}`).toBe(factor);
  });

  it('a multiple is the product of its legs, floored once; all void returns the stake', () => {
    expect(
      betReturn(STAKE, [
        { result: 'won', odds: 20000 },
        { result: 'void', odds: 30000 },
        { result: 'half-won', odds: 19000 },
        { result: 'half-lost', odds: 18000 },
      ]),
    ).toBe(BigInt(1_450_000));
    expect(
      betReturn(STAKE, [
        { result: 'void', odds: 20000 },
        { result: 'void', odds: 30000 },
      ]),
    ).toBe(STAKE);
    expect(
      betReturn(STAKE, [
        { result: 'lost', odds: 20000 },
        { result: 'won', odds: 90000 },
      ]),
    ).toBe(BigInt(0));
    // Flooring each leg would lose units: 7 × 1.3333³ = 16.59…, one floor gives 16.
    const legs = Array.from({ length: 3 }, () => ({ result: 'won' as const, odds: 13333 }));
    expect(betReturn(BigInt(7), legs)).toBe(BigInt(16));
  });

  it.each([
    // handicap −0.25 (−1 quarter): a draw loses half, a win wins
    [0, -1, 'half-lost'],
    [1, -1, 'won'],
    [-1, -1, 'lost'],
    // −0.75: a one-goal win wins half, two goals win
    [1, -3, 'half-won'],
    [2, -3, 'won'],
    [0, -3, 'lost'],
    // +0.25: a draw wins half
    [0, 1, 'half-won'],
    // whole line −1: a one-goal win is void
    [1, -4, 'void'],
    // half line −0.5
    [1, -2, 'won'],
    [0, -2, 'lost'],
    // over 2.25 (total − 2.25): two goals lose half; over 2.5: three goals win
    [2, -9, 'half-lost'],
    [3, -10, 'won'],
    // under 2.75 (2.75 − total): three goals lose half, two win
    [-3, 11, 'half-lost'],
    [-2, 11, 'won'],
  ] as const)('a margin of %s on a line of %s quarters is %s', (margin, line, result) => {
    expect(lineBetResult(margin, line)).toBe(result);
  });

  it('dead heat pays the places left over the runners tied for them', () => {
    expect(deadHeatFactor(50000, 1, 2)).toEqual({ num: BigInt(50000), den: BigInt(20000) });
    expect(deadHeatFactor(50000, 2, 3)).toEqual({ num: BigInt(100000), den: BigInt(30000) });
    expect(deadHeatFactor(50000, 1, 1)).toEqual({ num: BigInt(50000), den: BigInt(10000) });
  });

  it('a cash-out is never above the fair value less its margin, and close to it', () => {
    let seed = 20261130;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 2000; i += 1) {
      const stake = BigInt(1 + Math.floor(random() * 10 ** 9));
      const odds = 10_100 + Math.floor(random() * 200_000);
      const p = random();
      const marginBps = 1 + Math.floor(random() * 2000);
      const offer = cashOutOffer(stake, odds, p, marginBps);
      const fair = (Number(stake) * odds * p * (1 - marginBps / 10_000)) / 10_000;
      expect(Number(offer)).toBeLessThanOrEqual(fair + 1e-6);
      expect(Number(offer)).toBeGreaterThanOrEqual(fair - Number(stake) * odds * 1e-10 - 1);
    }
    expect(() => cashOutOffer(STAKE, 20000, 0.5, 0)).toThrow(RangeError);
  });
});
