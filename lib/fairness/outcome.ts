import { floats } from './bytes';
import { diceMultiplier, diceRollUnits, diceWins, isDiceTarget, type DiceSide } from './dice';
import { isLimboTarget, limboMultiplier, limboResultUnits, limboWins } from './limbo';
import { isMinesCount, isTile, minesLayout, minesMultiplier, safeTiles } from './mines';
import { isPlinkoRows, plinkoBucket, plinkoMultiplier, plinkoPath, plinkoRtp } from './plinko';
import { PLINKO_RISKS, PLINKO_TABLES, type PlinkoRisk } from './plinko-tables';
import { decimal, type Rational } from './rational';

/**
 * One bet of an original, from its parameters and a draw to what it pays: the server settles with
 * it and the verifier page recomputes with it, so the two cannot disagree. Targets in hundredths.
 */
export type OriginalBet =
  | { game: 'dice'; targetUnits: number; side: DiceSide }
  | { game: 'limbo'; targetUnits: number }
  | { game: 'plinko'; rows: number; risk: PlinkoRisk }
  /** A Mines game as played: its mines and the tiles revealed, in order. */
  | { game: 'mines'; mines: number; picks: readonly number[] };

export type OriginalResult =
  | { game: 'dice'; roll: number }
  | { game: 'limbo'; result: number }
  | { game: 'plinko'; path: number[]; bucket: number }
  /** The mines' tiles in the order drawn, the tiles revealed, and the mine that ended it (if any). */
  | { game: 'mines'; mines: number[]; picks: number[]; bust: number | null };

export type Outcome = {
  win: boolean;
  /** What the stake is multiplied by: 0 for a loss, exact. */
  multiplier: Rational;
  result: OriginalResult;
};

const ZERO: Rational = { num: BigInt(0), den: BigInt(1) };

export function isOriginalBet(bet: OriginalBet): boolean {
  if (bet.game === 'dice') return isDiceTarget(bet.targetUnits, bet.side);
  if (bet.game === 'limbo') return isLimboTarget(bet.targetUnits);
  if (bet.game === 'mines') return isMinesPlay(bet.mines, bet.picks);
  return isPlinkoRows(bet.rows) && PLINKO_RISKS.includes(bet.risk);
}

/** The most a win of this bet can pay per unit staked (the maximum-win check is made with it). */
export function maxMultiplier(bet: OriginalBet, edgeBp: number): Rational {
  if (bet.game === 'dice') return diceMultiplier(bet.targetUnits, bet.side, edgeBp);
  if (bet.game === 'limbo') return limboMultiplier(bet.targetUnits);
  if (bet.game === 'mines') return minesMultiplier(bet.mines, safeTiles(bet.mines), edgeBp);
  const table = PLINKO_TABLES[bet.rows]![bet.risk];
  return decimal(table[0]!); // the edges pay most, and each table is symmetric
}

/** Plinko's edge is its table's (1 − RTP), in whole basis points rounded up; the others', as set. */
export function edgeOf(bet: OriginalBet, configuredBp: number): number {
  if (bet.game !== 'plinko') return configuredBp;
  const rtp = plinkoRtp(bet.rows, bet.risk);
  const house = rtp.den - rtp.num; // per den
  return Number((house * BigInt(10_000) + rtp.den - BigInt(1)) / rtp.den);
}

/**
 * The return a game advertises, as a fraction of the stake: Dice and Limbo pay (1 − edge) at every
 * target; Plinko's tables differ, so it names its lowest and never overstates a table.
 */
export function advertisedRtp(game: OriginalBet['game'], edgeBp: number): Rational {
  if (game !== 'plinko') return { num: BigInt(10_000 - edgeBp), den: BigInt(10_000) };
  const all = Object.keys(PLINKO_TABLES).flatMap((rows) =>
    PLINKO_RISKS.map((risk) => plinkoRtp(Number(rows), risk)),
  );
  return all.reduce((low, r) => (r.num * low.den < low.num * r.den ? r : low));
}

export function floatsNeeded(bet: OriginalBet): number {
  if (bet.game === 'plinko') return bet.rows;
  return bet.game === 'mines' ? bet.mines : 1;
}

/** A count of mines and distinct tiles, no more picks than the board has safe tiles. */
function isMinesPlay(mines: number, picks: readonly number[]): boolean {
  return (
    isMinesCount(mines) &&
    picks.length <= safeTiles(mines) &&
    picks.every(isTile) &&
    new Set(picks).size === picks.length
  );
}

/**
 * A Mines game from its board: the picks walked in order until one hits a mine (a loss; picks
 * after it never happened). Survived picks pay the ladder's step; no pick at all pays nothing.
 */
function settleMines(
  bet: Extract<OriginalBet, { game: 'mines' }>,
  draw: readonly number[],
  edgeBp: number,
): Outcome {
  const mines = minesLayout(draw, bet.mines);
  const hit = bet.picks.findIndex((tile) => mines.includes(tile));
  const picks = hit < 0 ? [...bet.picks] : bet.picks.slice(0, hit + 1);
  const win = hit < 0 && picks.length > 0;
  return {
    win,
    multiplier: win ? minesMultiplier(bet.mines, picks.length, edgeBp) : ZERO,
    result: { game: 'mines', mines, picks, bust: hit < 0 ? null : bet.picks[hit]! },
  };
}

/** The outcome of a bet for the floats of its nonce. */
export function settle(bet: OriginalBet, draw: readonly number[], edgeBp: number): Outcome {
  if (bet.game === 'mines') return settleMines(bet, draw, edgeBp);
  const f = draw[0]!;
  if (bet.game === 'dice') {
    const roll = diceRollUnits(f);
    const win = diceWins(roll, bet.targetUnits, bet.side);
    return {
      win,
      multiplier: win ? diceMultiplier(bet.targetUnits, bet.side, edgeBp) : ZERO,
      result: { game: 'dice', roll: roll / 100 },
    };
  }
  if (bet.game === 'limbo') {
    const units = limboResultUnits(f, edgeBp);
    const win = limboWins(units, bet.targetUnits);
    return {
      win,
      multiplier: win ? limboMultiplier(bet.targetUnits) : ZERO,
      result: { game: 'limbo', result: units / 100 },
    };
  }
  const path = plinkoPath(draw, bet.rows);
  const bucket = plinkoBucket(path);
  const multiplier = plinkoMultiplier(bet.rows, bet.risk, bucket);
  return {
    win: multiplier.num >= multiplier.den,
    multiplier,
    result: { game: 'plinko', path, bucket },
  };
}

/** A bet played from its seeds and nonce, end to end. */
export function play(
  bet: OriginalBet,
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  edgeBp: number,
): Outcome {
  return settle(bet, floats(serverSeed, clientSeed, nonce, floatsNeeded(bet)), edgeBp);
}

/** A fraction as stored ("9900/4950"). */
export const fractionText = (r: Rational) => `${r.num}/${r.den}`;

export function parseFraction(text: string): Rational {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  if (!match || match[2] === '0') throw new RangeError(`not a fraction: ${text}`);
  return { num: BigInt(match[1]!), den: BigInt(match[2]!) };
}

/** A fraction as a decimal cut (not rounded) to `places`, trailing zeros dropped ("2.0204"). */
export function decimalText(r: Rational, places = 4): string {
  const scaled = (r.num * BigInt(10) ** BigInt(places)) / r.den;
  const digits = scaled.toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const fraction = digits.slice(digits.length - places).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}
