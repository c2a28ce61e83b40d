import type { Rational } from '@/lib/fairness/rational';
import { ODDS_SCALE } from './odds';

/*
 * What a settled bet returns, exactly: each leg's result as a factor of its stake (a rational),
 * a multiple the product of its legs, floored once to the ledger unit. Asian quarter lines split
 * the stake over the two neighbouring lines; a void leg counts 1.
 */

export type LegResult = 'won' | 'lost' | 'void' | 'half-won' | 'half-lost';

const ONE = BigInt(1);
const TWO = BigInt(2);
const SCALE = BigInt(ODDS_SCALE);

/** A leg's return per unit staked at integer odds (× 10⁴). */
export function legFactor(result: LegResult, odds: number): Rational {
  const o = BigInt(odds);
  switch (result) {
    case 'won':
      return { num: o, den: SCALE };
    case 'lost':
      return { num: BigInt(0), den: ONE };
    case 'void':
      return { num: ONE, den: ONE };
    case 'half-won':
      return { num: SCALE + o, den: TWO * SCALE };
    case 'half-lost':
      return { num: ONE, den: TWO };
  }
}

/** What a stake returns over its legs (one for a single): the product, floored once. */
export function betReturn(
  stake: bigint,
  legs: readonly { result: LegResult; odds: number }[],
): bigint {
  let num = stake;
  let den = ONE;
  for (const leg of legs) {
    const f = legFactor(leg.result, leg.odds);
    num *= f.num;
    den *= f.den;
  }
  return num / den;
}

/** A whole or half line's result on a margin in quarters (above 0 won, 0 void, below lost). */
const lineResult = (quarters: number): 'won' | 'void' | 'lost' =>
  quarters > 0 ? 'won' : quarters === 0 ? 'void' : 'lost';

/**
 * A line bet's result: `margin` is how far the selection is ahead before the line (a handicap:
 * its goals less the other side's; over: the total; under: minus the total), `lineQuarters` the
 * line in quarters (−0.75 is −3; over 2.5 is −10, under 2.5 is +10). A quarter line is half on
 * each neighbouring line.
 */
export function lineBetResult(margin: number, lineQuarters: number): LegResult {
  const at = margin * 4 + lineQuarters;
  if (Math.abs(lineQuarters) % 2 === 0) return lineResult(at);
  const [a, b] = [lineResult(at - 1), lineResult(at + 1)];
  if (a === b) return a;
  if (a === 'won' || b === 'won') return 'half-won';
  return 'half-lost';
}

/**
 * Dead heat on a place market: `tied` selections share the `places` left for them — the stake is
 * paid at full odds on places / tied of it (not offered yet; settled this way when it is).
 */
export function deadHeatFactor(odds: number, places: number, tied: number): Rational {
  if (!(places >= 1 && tied > places)) return { num: BigInt(odds), den: SCALE };
  return { num: BigInt(odds) * BigInt(places), den: SCALE * BigInt(tied) };
}

/**
 * A cash-out offer for an open single: floor(stake × placed odds × p × (1 − margin)), p the
 * selection's margin-free probability now, taken in millionths rounded down and the margin in
 * basis points, so the offer is never above its fair value less the margin.
 */
export function cashOutOffer(
  stake: bigint,
  placedOdds: number,
  fairProbability: number,
  marginBps: number,
): bigint {
  if (!(marginBps > 0 && marginBps < 10_000)) throw new RangeError('a cash-out margin in (0, 1)');
  const micro = BigInt(Math.max(0, Math.min(1_000_000, Math.floor(fairProbability * 1_000_000))));
  return (
    (stake * BigInt(placedOdds) * micro * BigInt(10_000 - marginBps)) /
    (SCALE * BigInt(1_000_000) * BigInt(10_000))
  );
}

/** A final score, home first: after regulation time, and including any overtime. */
export type FinalScore = { regulation: [number, number]; full: [number, number] };

export type SettledMarket = {
  kind: '1x2' | 'moneyline' | 'total' | 'handicap';
  period: 'regulation' | 'full';
  /** Totals: the line; handicaps: the home side's line; in quarters. */
  lineQuarters: number;
};

/**
 * One outcome's result on a final score, on the period its market names: 1X2 on regulation
 * time, a moneyline including overtime (a tie after it is void), totals and handicaps on their
 * period with pushes and quarter lines as `lineBetResult` splits them.
 */
export type SettledOutcome = 'home' | 'draw' | 'away' | 'over' | 'under';

export function outcomeResult(
  market: SettledMarket,
  outcome: SettledOutcome,
  score: FinalScore,
): LegResult {
  const [home, away] = score[market.period];
  const won = (yes: boolean): LegResult => (yes ? 'won' : 'lost');
  switch (market.kind) {
    case '1x2':
      if (outcome === 'home') return won(home > away);
      if (outcome === 'away') return won(away > home);
      return won(home === away);
    case 'moneyline':
      if (home === away) return 'void';
      return won(outcome === 'home' ? home > away : away > home);
    case 'total':
      return outcome === 'over'
        ? lineBetResult(home + away, -market.lineQuarters)
        : lineBetResult(-(home + away), market.lineQuarters);
    case 'handicap':
      return outcome === 'home'
        ? lineBetResult(home - away, market.lineQuarters)
        : lineBetResult(away - home, -market.lineQuarters);
  }
}
