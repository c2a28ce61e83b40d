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
  outcomeResult,
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
    // As many tied as places left, or no place left to share: the full odds, never a share.
    expect(deadHeatFactor(50000, 2, 2)).toEqual({ num: BigInt(50000), den: BigInt(10000) });
    expect(deadHeatFactor(50000, 0, 3)).toEqual({ num: BigInt(50000), den: BigInt(10000) });
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
    // A margin of the whole value (or more) is no offer either: refused, not an offer of zero.
    expect(() => cashOutOffer(STAKE, 20000, 0.5, 10_000)).toThrow('a cash-out margin in (0, 1)');
    expect(() => cashOutOffer(STAKE, 20000, 0.5, 12_000)).toThrow(RangeError);
    expect(cashOutOffer(STAKE, 20000, 0.5, 9_999)).toBe(BigInt(100));
  });
});

describe('outcomeResult', () => {
  const score = (regulation: [number, number], full = regulation) => ({ regulation, full });
  const x12 = { kind: '1x2', period: 'regulation', lineQuarters: 0 } as const;
  const winner = { kind: 'moneyline', period: 'full', lineQuarters: 0 } as const;
  const total = (line: number) =>
    ({ kind: 'total', period: 'regulation', lineQuarters: line * 4 }) as const;
  const handicap = (line: number) =>
    ({ kind: 'handicap', period: 'regulation', lineQuarters: line * 4 }) as const;

  it.each([
    ['1X2 on regulation time', x12, 'home', score([2, 1], [2, 1]), 'won'],
    [
      '1X2: a draw after 90 minutes wins the draw, whatever extra time brings',
      x12,
      'draw',
      score([1, 1], [2, 1]),
      'won',
    ],
    ['1X2: the home side loses a drawn match', x12, 'home', score([1, 1], [2, 1]), 'lost'],
    ['1X2: the away side loses a drawn match', x12, 'away', score([0, 0], [0, 1]), 'lost'],
    ['1X2: the away side wins', x12, 'away', score([0, 2]), 'won'],
    ['1X2: the draw loses when one side wins', x12, 'draw', score([0, 1], [1, 1]), 'lost'],
    ['moneyline includes overtime', winner, 'home', score([1, 1], [2, 1]), 'won'],
    ['moneyline: the home side loses in overtime', winner, 'home', score([2, 2], [2, 3]), 'lost'],
    ['moneyline: the away side loses in overtime', winner, 'away', score([1, 1], [2, 1]), 'lost'],
    ['moneyline: the away side wins in overtime', winner, 'away', score([1, 1], [1, 2]), 'won'],
    ['moneyline: still level is void', winner, 'home', score([3, 3]), 'void'],
    ['over 2.5 with three goals', total(2.5), 'over', score([2, 1]), 'won'],
    ['under 2.5 with three goals', total(2.5), 'under', score([2, 1]), 'lost'],
    ['over 2 with two goals is a push', total(2), 'over', score([1, 1]), 'void'],
    [
      'over 2.25 with two goals: half on 2 (void), half on 2.5 (lost)',
      total(2.25),
      'over',
      score([1, 1]),
      'half-lost',
    ],
    ['under 2.25 with two goals', total(2.25), 'under', score([1, 1]), 'half-won'],
    [
      'over 2.75 with three goals: half on 2.5 won, half on 3 void',
      total(2.75),
      'over',
      score([2, 1]),
      'half-won',
    ],
    ['home −0.5 winning by one', handicap(-0.5), 'home', score([1, 0]), 'won'],
    ['away +0.5 losing by one', handicap(-0.5), 'away', score([1, 0]), 'lost'],
    ['home −1 winning by one is a push', handicap(-1), 'home', score([2, 1]), 'void'],
    [
      'home −0.75 winning by one: half won, half void',
      handicap(-0.75),
      'home',
      score([2, 1]),
      'half-won',
    ],
    ['away +0.75 losing by one', handicap(-0.75), 'away', score([2, 1]), 'half-lost'],
    [
      'home −0.25 in a draw: half void, half lost',
      handicap(-0.25),
      'home',
      score([0, 0]),
      'half-lost',
    ],
    ['away +0.25 in a draw', handicap(-0.25), 'away', score([0, 0]), 'half-won'],
    ['home +1.5 losing by one', handicap(1.5), 'home', score([0, 1]), 'won'],
  ] as const)('%s', (_, market, outcome, final, expected) => {
    expect(outcomeResult(market, outcome, final)).toBe(expected);
  });
});
