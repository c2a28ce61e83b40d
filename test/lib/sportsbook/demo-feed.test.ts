/**
 * The demo feed: every sport section gets a believable schedule (the same for a seed, another for
 * another seed), fair markets that sum to one, and source books with margins of their own; our
 * prices from them carry our margin and never complete a sure bet with the sources.
 */
import { impliedOf } from '@/lib/sportsbook/odds';
import { overround } from '@/lib/sportsbook/margin';
import { demoSchedule, demoSports } from '@/lib/server/sportsbook/demo-feed';
import { goalMarkets, normalCdf, pointMarkets } from '@/lib/server/sportsbook/models';
import { priceMarket } from '@/lib/server/sportsbook/pricing';

const FROM = new Date('2026-11-30T08:00:00Z');
const PRICING = { margin: 0.05, minMargin: 0.02 };

describe('the demo feed', () => {
  const events = demoSchedule(7, FROM);

  it('schedules every sport over the days asked, in kick-off order, the same for a seed', () => {
    for (const sport of demoSports) {
      expect(events.filter((e) => e.sport === sport).length).toBeGreaterThanOrEqual(6);
    }
    const starts = events.map((e) => e.startsAt.getTime());
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(starts[0]).toBeGreaterThanOrEqual(Date.UTC(2026, 10, 30, 10));
    expect(starts.at(-1)).toBeLessThan(Date.UTC(2026, 11, 3));
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    expect(events.every((e) => e.home !== e.away)).toBe(true);
    expect(demoSchedule(7, FROM)).toEqual(events);
    expect(demoSchedule(8, FROM)[0]).not.toEqual(events[0]);
  });

  it('gives fair markets that sum to one and sources with margins of 4–7 %', () => {
    for (const event of events) {
      for (const market of event.markets) {
        const sum = market.outcomes.reduce((t, o) => t + o.fair, 0);
        expect(sum).toBeCloseTo(1, 5);
        for (const book of market.sources) {
          expect(overround(book)).toBeGreaterThan(0.039);
          expect(overround(book)).toBeLessThan(0.0705);
        }
      }
    }
  });

  it('prices our markets with our margin, and none completes a sure bet with the sources', () => {
    let closed = 0;
    for (const event of events) {
      for (const market of event.markets) {
        const priced = priceMarket(market.sources, PRICING);
        if (!priced.odds) {
          closed += 1;
          continue;
        }
        expect(overround(priced.odds)).toBeGreaterThanOrEqual(PRICING.margin - 1e-9);
        const best = market.sources[0]!.map((_, j) =>
          Math.max(...market.sources.map((b) => b[j]!)),
        );
        priced.odds.forEach((odds, i) => {
          const others = best.reduce((t, b, j) => (j === i ? t : t + impliedOf(b)), 0);
          expect(impliedOf(odds) + others).toBeGreaterThanOrEqual(1 + PRICING.minMargin - 1e-9);
        });
      }
    }
    expect(closed).toBe(0);
  });
});

describe('the models', () => {
  it('goal markets: a stronger home side is the favourite; the handicap sits near even', () => {
    const [x12, total, handicap] = goalMarkets(2.1, 0.8, 10);
    expect(x12!.outcomes[0]!.fair).toBeGreaterThan(x12!.outcomes[2]!.fair);
    expect(total!.lineQuarters).toBe(10);
    expect(handicap!.lineQuarters).toBeLessThan(0);
    expect(Math.abs(handicap!.outcomes[0]!.fair - 0.5)).toBeLessThan(0.08);
  });

  it('point markets: half-point lines, moneyline from the margin', () => {
    const [moneyline, total, spread] = pointMarkets(110, 100, 12, 18);
    expect(moneyline!.outcomes[0]!.fair).toBeCloseTo(normalCdf(10 / 12), 9);
    expect(Math.abs(total!.lineQuarters!) % 4).toBe(2);
    expect(spread!.lineQuarters).toBe(-42);
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.96)).toBeCloseTo(0.975, 3);
  });
});
