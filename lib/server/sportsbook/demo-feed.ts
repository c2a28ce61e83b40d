import { powerPrice } from '@/lib/sportsbook/margin';
import { setChance, type MatchModel } from './live-models';
import { goalMarkets, pointMarkets, tennisMarkets, type FairMarket } from './models';

/*
 * The demo feed: a believable schedule for every sport section of /sports, from a seeded
 * generator (random at each start, fixed under test), and two invented source books pricing each
 * market around its fair probabilities with margins and opinions of their own — what a real feed
 * would send. Our prices are made from theirs (./pricing.ts), never from the fair figures.
 */

export type DemoSport =
  | 'soccer'
  | 'basketball'
  | 'baseball'
  | 'americanFootball'
  | 'esportFifa'
  | 'eFifa'
  | 'iceHockey'
  | 'tennis';

export type SourceMarket = FairMarket & {
  /** Each source book's prices for the outcomes, integer odds × 10⁴, in the outcomes' order. */
  sources: number[][];
};

export type DemoEvent = {
  id: number;
  sport: DemoSport;
  competition: string;
  home: string;
  away: string;
  startsAt: Date;
  markets: SourceMarket[];
  /** What its prices come from, in play too. */
  model: MatchModel;
};

/** Each sport's competitions and sides (invented), and how many of its matches a day brings. */
const SPORTS: Record<DemoSport, { competitions: string[]; sides: string[]; perDay: number }> = {
  soccer: {
    competitions: ['Premier Coast League', 'Liga del Sol', 'Nordic Cup'],
    sides: [
      'Harbor City',
      'Redwood Rovers',
      'Ironbridge United',
      'Port Aurora',
      'Kingsmoor',
      'Valle Verde',
      'Castillo FC',
      'Atlético Brisa',
      'Fjordvik',
      'Norrhavn',
      'Eastfield Town',
      'Silver Lake Athletic',
    ],
    perDay: 6,
  },
  basketball: {
    competitions: ['Continental Basketball League'],
    sides: [
      'Metro Comets',
      'Bay Hawks',
      'Desert Suns',
      'Lake Wolves',
      'Capital Kings',
      'Mountain Owls',
      'River Foxes',
      'Coastal Sharks',
    ],
    perDay: 4,
  },
  baseball: {
    competitions: ['Summer Baseball Association'],
    sides: [
      'Canyon Miners',
      'Harbor Sailors',
      'Prairie Dogs',
      'Valley Pilots',
      'Iron Owls',
      'Bay Herons',
    ],
    perDay: 3,
  },
  americanFootball: {
    competitions: ['National Gridiron League'],
    sides: [
      'Granite Bears',
      'Coast Marlins',
      'Plains Bison',
      'Steel Ravens',
      'Delta Gators',
      'Summit Eagles',
    ],
    perDay: 2,
  },
  esportFifa: {
    competitions: ['E-Football Battle 8 min'],
    sides: [
      'Vortex (Milan)',
      'Nova (Lyon)',
      'Blaze (Porto)',
      'Titan (Ajax)',
      'Echo (Celtic)',
      'Rift (Napoli)',
    ],
    perDay: 8,
  },
  eFifa: {
    competitions: ['E-Football Pro League 12 min'],
    sides: [
      'Kairo (Madrid)',
      'Lumen (Munich)',
      'Onyx (Paris)',
      'Zeph (London)',
      'Mako (Turin)',
      'Astra (Lisbon)',
    ],
    perDay: 8,
  },
  iceHockey: {
    competitions: ['Northern Hockey League'],
    sides: [
      'Frost Giants',
      'Glacier Lynx',
      'Aurora Bears',
      'Polar Hawks',
      'Timber Wolves',
      'Ice Ravens',
    ],
    perDay: 3,
  },
  tennis: {
    competitions: ['Seaside Open', 'Highland Masters'],
    sides: [
      'A. Moreau',
      'K. Tanaka',
      'L. Fischer',
      'M. Duarte',
      'S. Novak',
      'R. Patel',
      'J. Lindqvist',
      'E. Okafor',
    ],
    perDay: 4,
  },
};
export const demoSports = Object.keys(SPORTS) as DemoSport[];

/** mulberry32: the feed's generator, seeded. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A match's model from the sides' strengths (each in [0, 1)), and its total line. */
function modelOf(sport: DemoSport, a: number, b: number): { model: MatchModel; line: number } {
  const goals = (home: number, away: number, line: number) => ({
    model: { kind: 'goals' as const, home, away },
    line,
  });
  const points = (home: number, away: number, marginSd: number, totalSd: number) => ({
    model: { kind: 'points' as const, home, away, marginSd, totalSd },
    line: 0,
  });
  switch (sport) {
    case 'soccer':
      return goals(0.9 + 1.2 * a, 0.7 + 1.1 * b, 10);
    case 'esportFifa':
    case 'eFifa':
      return goals(1.6 + 1.8 * a, 1.4 + 1.8 * b, 18);
    case 'iceHockey':
      return goals(2.2 + 1.4 * a, 2 + 1.3 * b, 22);
    case 'basketball':
      return points(104 + 14 * a, 102 + 14 * b, 12, 18);
    case 'americanFootball':
      return points(19 + 12 * a, 17 + 12 * b, 13.5, 13);
    case 'baseball':
      return points(4.1 + 1.6 * a, 3.9 + 1.6 * b, 3.2, 3.1);
    case 'tennis': {
      const [home, away] = [1800 + 500 * a, 1800 + 500 * b];
      const win = tennisMarkets(home, away)[0]!.outcomes[0]!.fair;
      return { model: { kind: 'sets', set: setChance(win) }, line: 0 };
    }
  }
}

/** A match's fair markets before it starts, from its model. */
function fairMarkets(model: MatchModel, line: number, ratings?: [number, number]): FairMarket[] {
  if (model.kind === 'goals') return goalMarkets(model.home, model.away, line);
  if (model.kind === 'points') {
    return pointMarkets(model.home, model.away, model.marginSd, model.totalSd);
  }
  return tennisMarkets(...ratings!);
}

/**
 * A source book's prices: its own opinion (each fair probability moved by up to ±`noise`, then
 * scaled back to 1) with its margin put on by the power method.
 */
export function sourcePrices(fair: number[], margin: number, noise: number, random: () => number) {
  const view = fair.map((p) =>
    Math.min(0.97, Math.max(0.02, p * (1 + noise * (2 * random() - 1)))),
  );
  const total = view.reduce((t, p) => t + p, 0);
  return powerPrice(
    view.map((p) => p / total),
    margin,
  );
}

/**
 * The schedule from `from` for `days` days: each sport's matches spread over the day, each with
 * its markets priced by two source books (margins 4–7 %, opinions ±6 %).
 */
export function demoSchedule(seed: number, from: Date, days = 3): DemoEvent[] {
  const random = seeded(seed);
  const events: DemoEvent[] = [];
  const dayStart = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate());
  let id = 1000 + Math.floor(random() * 9000) * 100;
  for (let day = 0; day < days; day += 1) {
    for (const sport of demoSports) {
      const { competitions, sides, perDay } = SPORTS[sport];
      const order = [...sides].sort(() => random() - 0.5);
      for (let n = 0; n < perDay; n += 1) {
        const home = order[(2 * n) % order.length]!;
        const away = order[(2 * n + 1) % order.length]!;
        // Kick-offs on the quarter hour from 10:00 to 22:45 UTC.
        const minute = 600 + 15 * Math.floor(random() * 52);
        const startsAt = new Date(dayStart + day * 86_400_000 + minute * 60_000);
        const [a, b] = [random(), random()];
        const { model, line } = modelOf(sport, a, b);
        const markets = fairMarkets(model, line, [1800 + 500 * a, 1800 + 500 * b]).map((market) => {
          const fair = market.outcomes.map((o) => o.fair);
          const sources = [0, 1].map(() =>
            sourcePrices(fair, 0.04 + 0.03 * random(), 0.06, random),
          );
          return { ...market, sources };
        });
        events.push({
          id: (id += 1 + Math.floor(random() * 7)),
          sport,
          competition: competitions[Math.floor(random() * competitions.length)]!,
          home,
          away,
          startsAt,
          markets,
          model,
        });
      }
    }
  }
  return events.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id);
}
