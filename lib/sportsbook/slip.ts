import { ODDS_SCALE } from './odds';

/*
 * The bet slip's arithmetic and rules, shared by the slip and the platform: a multiple's odds and
 * return are products of integer odds (× 10⁴) taken exactly, then floored once, as the book
 * settles them.
 */

/** The most legs a multiple may have, and the most selections a slip holds. */
export const MAX_LEGS = 12;

/** What the slip keeps of a selection: enough to show it and to send it. */
export type SlipSelection = {
  marketId: string;
  outcome: 'home' | 'draw' | 'away' | 'over' | 'under';
  /** The price shown when it was picked, × 10⁴ (refreshed while the slip is open). */
  odds: number;
  eventId: number;
  /** What the player reads: the match and the pick (in the language it was picked in). */
  match: string;
  pick: string;
  /** The event's bt-path, to go back to it. */
  btPath: string;
};

const SCALE = BigInt(ODDS_SCALE);

/** The legs' odds multiplied, × 10⁴, rounded down. */
export function combinedOdds(odds: readonly number[]): number {
  if (!odds.length) return 0;
  const product = odds.reduce((p, o) => p * BigInt(o), BigInt(1));
  return Number(product / SCALE ** BigInt(odds.length - 1));
}

const STAKE = /^(\d{1,30})(?:\.(\d{1,18}))?$/;

/** Whether a typed stake can be sent: a positive plain decimal. */
export function isSlipStake(text: string): boolean {
  const match = STAKE.exec(text.trim());
  return match !== null && /[1-9]/.test(`${match[1]}${match[2] ?? ''}`);
}

/**
 * What a stake returns if every leg wins: stake × Π odds, floored to `decimals` places (the
 * book floors to its ledger unit, which is never coarser than what the player sees).
 */
export function potentialReturn(stake: string, odds: readonly number[], decimals = 8): string {
  const match = STAKE.exec(stake.trim());
  if (!match || !odds.length) return '0';
  const fraction = (match[2] ?? '').slice(0, decimals).padEnd(decimals, '0');
  const units = BigInt(`${match[1]}${fraction}`);
  const product = odds.reduce((p, o) => p * BigInt(o), BigInt(1));
  const back = (units * product) / SCALE ** BigInt(odds.length);
  const digits = back.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const rest = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return rest ? `${whole}.${rest}` : whole;
}

/** A multiple needs two selections or more, each from another event. */
export function combinable(selections: readonly Pick<SlipSelection, 'eventId'>[]): boolean {
  return (
    selections.length >= 2 &&
    selections.length <= MAX_LEGS &&
    new Set(selections.map((s) => s.eventId)).size === selections.length
  );
}

/** Two plain decimals added exactly (the singles' returns together). */
export function addDecimals(a: string, b: string): string {
  const places = Math.max(a.split('.')[1]?.length ?? 0, b.split('.')[1]?.length ?? 0);
  const units = (x: string) => {
    const [whole, fraction = ''] = x.split('.');
    return BigInt(`${whole}${fraction.padEnd(places, '0')}`);
  };
  const sum = (units(a) + units(b)).toString().padStart(places + 1, '0');
  if (!places) return sum;
  const fraction = sum.slice(-places).replace(/0+$/, '');
  const whole = sum.slice(0, -places);
  return fraction ? `${whole}.${fraction}` : whole;
}
