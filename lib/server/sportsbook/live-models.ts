import { lineFair, normalCdf, scoreGrid } from './models';

/*
 * Fair probabilities during a match, from the model the match was priced with before it started,
 * the share of the match left and the score now. Each market keeps its line: over 2.5 stays over
 * 2.5, the home side's −0.75 stays −0.75, as books keep a listed line in play.
 */

/** What a demo match's prices come from (kept on the event). */
export type MatchModel =
  /** Goal sports: each side's expected goals over the match (independent Poisson). */
  | { kind: 'goals'; home: number; away: number }
  /** Point sports: expected points and the spreads of the margin and the total. */
  | { kind: 'points'; home: number; away: number; marginSd: number; totalSd: number }
  /** Tennis, best of three sets: the home player's chance of winning a set. */
  | { kind: 'sets'; set: number };

export type LiveMarket = { kind: string; lineQuarters: number; outcomes: string[] };

type Fair = number[];

/** The chance the home player wins a best-of-three match from `won` sets to `lost`. */
export function setsWin(set: number, won: number, lost: number): number {
  if (won >= 2) return 1;
  if (lost >= 2) return 0;
  return set * setsWin(set, won + 1, lost) + (1 - set) * setsWin(set, won, lost + 1);
}

/** The set chance that makes a best-of-three match winnable with chance `match` (bisection). */
export function setChance(match: number): number {
  let [lo, hi] = [0, 1];
  for (let i = 0; i < 50; i += 1) {
    const mid = (lo + hi) / 2;
    if (setsWin(mid, 0, 0) < match) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

function goalsFair(
  model: { home: number; away: number },
  left: number,
  [sh, sa]: [number, number],
  market: LiveMarket,
): Fair {
  const grid = scoreGrid(model.home * left, model.away * left);
  const margins = new Map<number, number>();
  const totals = new Map<number, number>();
  let mass = 0;
  grid.forEach((row, i) =>
    row.forEach((p, j) => {
      mass += p;
      const m = sh - sa + i - j;
      margins.set(m, (margins.get(m) ?? 0) + p);
      totals.set(sh + sa + i + j, (totals.get(sh + sa + i + j) ?? 0) + p);
    }),
  );
  const list = (m: Map<number, number>) => [...m].map(([margin, p]) => ({ margin, p: p / mass }));
  if (market.kind === '1x2') {
    let [h, d] = [0, 0];
    for (const { margin, p } of list(margins)) {
      if (margin > 0) h += p;
      else if (margin === 0) d += p;
    }
    return [h, d, 1 - h - d];
  }
  if (market.kind === 'total') return lineFair(list(totals), -market.lineQuarters);
  return lineFair(list(margins), market.lineQuarters);
}

function pointsFair(
  model: Extract<MatchModel, { kind: 'points' }>,
  left: number,
  [sh, sa]: [number, number],
  market: LiveMarket,
): Fair {
  // A sliver of time is left at least: the spread never reaches 0.
  const root = Math.sqrt(Math.max(left, 0.002));
  const margin = sh - sa + left * (model.home - model.away);
  const marginSd = model.marginSd * root;
  if (market.kind === 'moneyline') {
    const p = normalCdf(margin / marginSd);
    return [p, 1 - p];
  }
  if (market.kind === 'handicap') {
    const p = normalCdf((margin + market.lineQuarters / 4) / marginSd);
    return [p, 1 - p];
  }
  const total = sh + sa + left * (model.home + model.away);
  const over = 1 - normalCdf((market.lineQuarters / 4 - total) / (model.totalSd * root));
  return [over, 1 - over];
}

/**
 * A market's fair probabilities now, in its outcomes' order: `left` is the share of the match
 * still to play (1 before the start), `score` the goals, points or sets so far.
 */
export function liveFair(
  model: MatchModel,
  left: number,
  score: [number, number],
  market: LiveMarket,
): Fair {
  const clamp = (p: number) => Math.min(0.995, Math.max(0.005, p));
  let fair: Fair;
  if (model.kind === 'goals') fair = goalsFair(model, left, score, market);
  else if (model.kind === 'points') fair = pointsFair(model, left, score, market);
  else {
    const p = setsWin(model.set, score[0], score[1]);
    fair = [p, 1 - p];
  }
  // A market all but decided is priced near its bounds, never at 0 or 1.
  const clamped = fair.map(clamp);
  const total = clamped.reduce((t, p) => t + p, 0);
  return clamped.map((p) => p / total);
}
