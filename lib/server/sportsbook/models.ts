import { lineBetResult } from '@/lib/sportsbook/settle';

/*
 * Fair probabilities for the demo feed's markets, from two numbers per match: the goals (or
 * points) each side is expected to score. Goal sports (soccer, ice hockey, e-football) use
 * independent Poisson scores; point sports (basketball, American football, baseball) a normal
 * margin and total; tennis a logistic of the players' ratings. Markets are what books price:
 * 1X2 on regulation time, moneyline including overtime, totals and handicaps (Asian quarter
 * lines for the goal sports).
 */

export type OutcomeKey = 'home' | 'draw' | 'away' | 'over' | 'under';
export type MarketKind = '1x2' | 'moneyline' | 'total' | 'handicap';
/** What a market settles on: regulation time, or the whole match including overtime. */
export type Period = 'regulation' | 'full';

export type FairMarket = {
  kind: MarketKind;
  period: Period;
  /** Totals: the line over the total; handicaps: the home side's line. In quarters (2.5 → 10). */
  lineQuarters: number | null;
  outcomes: Array<{ key: OutcomeKey; fair: number }>;
};

const MAX_GOALS = 15;

function poisson(mean: number): number[] {
  const out: number[] = [];
  let p = Math.exp(-mean);
  for (let k = 0; k <= MAX_GOALS; k += 1) {
    out.push(p);
    p *= mean / (k + 1);
  }
  return out;
}

/** The chance of each (home, away) score under independent Poisson goals. */
export function scoreGrid(home: number, away: number): number[][] {
  const h = poisson(home);
  const a = poisson(away);
  return h.map((ph) => a.map((pa) => ph * pa));
}

/**
 * A line market's fair two-way probabilities from the distribution of the selection's margin:
 * the decimal price at which a bet returns its stake on average, for each side, taken as 1/price.
 * Pushes and quarter-line halves are counted through the settlement's own `lineBetResult`.
 */
export function lineFair(margins: Array<{ margin: number; p: number }>, lineQuarters: number) {
  const sideFair = (sign: 1 | -1) => {
    // E[return] = A·odds + B: won pays odds, half-won (1 + odds)/2, void 1, half-lost ½.
    let a = 0;
    let b = 0;
    for (const { margin, p } of margins) {
      const result = lineBetResult(sign * margin, sign * lineQuarters);
      if (result === 'won') a += p;
      else if (result === 'half-won') {
        a += p / 2;
        b += p / 2;
      } else if (result === 'void') b += p;
      else if (result === 'half-lost') b += p / 2;
    }
    return a / (1 - b);
  };
  return [sideFair(1), sideFair(-1)];
}

/** Soccer, ice hockey and e-football: 1X2, totals and an Asian handicap near even money. */
export function goalMarkets(home: number, away: number, totalLine: number): FairMarket[] {
  const grid = scoreGrid(home, away);
  let h = 0;
  let d = 0;
  let mass = 0;
  const margins = new Map<number, number>();
  const totals = new Map<number, number>();
  grid.forEach((row, i) =>
    row.forEach((p, j) => {
      mass += p;
      if (i > j) h += p;
      else if (i === j) d += p;
      margins.set(i - j, (margins.get(i - j) ?? 0) + p);
      totals.set(i + j, (totals.get(i + j) ?? 0) + p);
    }),
  );
  const list = (m: Map<number, number>) => [...m].map(([margin, p]) => ({ margin, p }));
  // The handicap whose two sides are closest to even, in quarter goals.
  let best = 0;
  let gap = Infinity;
  for (let q = -12; q <= 12; q += 1) {
    const [ph] = lineFair(list(margins), q);
    if (Math.abs(ph! - 0.5) < gap) [best, gap] = [q, Math.abs(ph! - 0.5)];
  }
  const [over, under] = lineFair(
    [...totals].map(([total, p]) => ({ margin: total, p })),
    -totalLine,
  );
  const [hHome, hAway] = lineFair(list(margins), best);
  return [
    {
      kind: '1x2',
      period: 'regulation',
      lineQuarters: null,
      outcomes: [
        { key: 'home', fair: h / mass },
        { key: 'draw', fair: d / mass },
        { key: 'away', fair: 1 - (h + d) / mass },
      ],
    },
    {
      kind: 'total',
      period: 'regulation',
      lineQuarters: totalLine,
      outcomes: [
        { key: 'over', fair: over! },
        { key: 'under', fair: under! },
      ],
    },
    {
      kind: 'handicap',
      period: 'regulation',
      lineQuarters: best,
      outcomes: [
        { key: 'home', fair: hHome! },
        { key: 'away', fair: hAway! },
      ],
    },
  ];
}

/** A two-way market on the whole match (overtime included): the first outcome's chance p. */
const twoWay = (
  kind: MarketKind,
  lineQuarters: number | null,
  [first, second]: [OutcomeKey, OutcomeKey],
  p: number,
): FairMarket => ({
  kind,
  period: 'full',
  lineQuarters,
  outcomes: [
    { key: first, fair: p },
    { key: second, fair: 1 - p },
  ],
});

/** The standard normal distribution function (Abramowitz and Stegun 7.1.26, error < 1.5e-7). */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-z * z);
  return x >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}

/**
 * Basketball, American football and baseball: moneyline (overtime or extra innings decide a
 * tie), a total and a spread on half points (no push), from a normal margin and total.
 */
export function pointMarkets(
  home: number,
  away: number,
  marginSd: number,
  totalSd: number,
): FairMarket[] {
  const mean = home - away;
  const win = normalCdf(mean / marginSd);
  // Half-point lines nearest the means: no push.
  const spread = Math.round(mean) + 0.5;
  const total = Math.round(home + away) + 0.5;
  const coverHome = normalCdf((mean - spread) / marginSd);
  const over = 1 - normalCdf((total - home - away) / totalSd);
  return [
    twoWay('moneyline', null, ['home', 'away'], win),
    twoWay('total', total * 4, ['over', 'under'], over),
    twoWay('handicap', -spread * 4, ['home', 'away'], coverHome),
  ];
}

/** Tennis: the match winner from the players' rating gap (a logistic, 400 points a factor 10). */
export function tennisMarkets(homeRating: number, awayRating: number): FairMarket[] {
  const win = 1 / (1 + 10 ** ((awayRating - homeRating) / 400));
  return [twoWay('moneyline', null, ['home', 'away'], win)];
}
