/**
 * The sportsbook's prices: odds kept as integers × 10⁴ and read three ways; a source's margin
 * removed and ours applied by the power method; the no-sure-bet rule against a snapshot with a
 * sure bet across two books.
 */
import { powerFair, powerPrice, overround, withoutSureBets } from '@/lib/sportsbook/margin';
import {
  americanText,
  decimalText,
  fractionalText,
  impliedOf,
  oddsInt,
  oddsText,
} from '@/lib/sportsbook/odds';

describe('odds', () => {
  it.each([
    [2.3, 23000, '2.30', '+130', '13/10'],
    [2.5, 25000, '2.50', '+150', '3/2'],
    [1.5, 15000, '1.50', '−200', '1/2'],
    [2, 20000, '2.00', '+100', '1/1'],
    [1.91, 19100, '1.91', '−110', '91/100'],
    [1.0125, 10125, '1.0125', '−8000', '1/80'],
    [11, 110000, '11.00', '+1000', '10/1'],
  ])('%s is %s, read %s, %s, %s', (decimal, int, text, american, fractional) => {
    expect(oddsInt(decimal)).toBe(int);
    expect(decimalText(int)).toBe(text);
    expect(americanText(int)).toBe(american);
    expect(fractionalText(int)).toBe(fractional);
    expect(oddsText(int, 'american')).toBe(american);
  });

  it('never reads a price better than it is, and refuses what is not odds', () => {
    // 2.333… has no fraction of denominator ≤ 100 above it: 133/100 is 1.33 ≤ 1.3333.
    const win = (t: string) => Number(t.split('/')[0]) / Number(t.split('/')[1]);
    for (const odds of [23333, 17777, 101234, 10101]) {
      expect(win(fractionalText(odds))).toBeLessThanOrEqual((odds - 10_000) / 10_000);
    }
    expect(() => oddsInt(1)).toThrow(RangeError);
    expect(() => oddsInt(Number.NaN)).toThrow(RangeError);
  });
});

describe('the power method', () => {
  it.each([
    [
      [15000, 26000],
      [0.64465, 0.35535],
    ],
    [
      [20000, 35000, 40000],
      [0.488139, 0.273582, 0.238279],
    ],
    [
      [12500, 60000, 110000],
      [0.784325, 0.142181, 0.073495],
    ],
  ])('takes the margin out of %j', (odds, fair) => {
    const p = powerFair(odds);
    p.forEach((value, i) => expect(value).toBeCloseTo(fair[i]!, 6));
    expect(p.reduce((t, x) => t + x, 0)).toBeCloseTo(1, 12);
  });

  it('takes more from the long shot than from the favourite', () => {
    const [favourite, longShot] = [12500, 60000];
    const p = powerFair([favourite, longShot, 110000]);
    expect(p[1]! / impliedOf(longShot)).toBeLessThan(p[0]! / impliedOf(favourite));
  });

  it('puts our margin on the same way: back to the fair prices, the overround as asked', () => {
    const fair = [0.5, 0.3, 0.2];
    for (const margin of [0.02, 0.05, 0.08]) {
      const ours = powerPrice(fair, margin);
      // Rounded down to the odds unit: a hair more margin, never less.
      expect(overround(ours)).toBeGreaterThanOrEqual(margin);
      expect(overround(ours)).toBeLessThan(margin + 0.0005);
      powerFair(ours).forEach((p, i) => expect(p).toBeCloseTo(fair[i]!, 3));
    }
    expect(() => powerPrice(fair, 0)).toThrow(RangeError);
    expect(() => powerFair([20000, 20000])).toThrow(RangeError);
  });
});

describe('no sure bets', () => {
  // Two books whose best prices together pay more than they take: 1/2.15 + 1/2.05 < 1.
  const sources = [
    [21000, 20500],
    [21500, 19500],
  ];
  const MIN_MARGIN = 0.02;
  const best = [21500, 20500];

  it('prices down an outcome that would complete a sure bet with the sources', () => {
    expect(impliedOf(best[0]!) + impliedOf(best[1]!)).toBeLessThan(1);
    const ours = withoutSureBets([20000, 19000], sources, MIN_MARGIN)!;
    expect(ours).toEqual([18790, 18021]);
    // Every way to back both outcomes with at least one of ours costs the margin.
    for (const [i, odds] of ours.entries()) {
      const other = best[1 - i]!;
      expect(impliedOf(odds) + impliedOf(other)).toBeGreaterThanOrEqual(1 + MIN_MARGIN);
    }
    expect(impliedOf(ours[0]!) + impliedOf(ours[1]!)).toBeGreaterThanOrEqual(1 + MIN_MARGIN);
  });

  it('keeps prices that already hold, and closes a market it cannot price', () => {
    expect(withoutSureBets([17000, 17000], sources, MIN_MARGIN)).toEqual([17000, 17000]);
    // Three outcomes where the others' best prices already take the whole room.
    expect(withoutSureBets([30000, 30000, 30000], [[15000, 15000, 40000]], MIN_MARGIN)).toBeNull();
  });
});
