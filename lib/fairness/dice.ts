import type { Rational } from './rational';

/**
 * Dice: a roll from 0.00 to 100.00 (10,001 outcomes) from the first float, as Stake publishes it:
 * roll = floor(f₀ × 10001) / 100. The player picks a target and a side; over X wins iff the roll is
 * above X, under X iff it is below, so the roll equal to the target always loses.
 *
 * Targets, rolls and chances are kept in hundredths (integers) so the win rule and the multiplier
 * are exact; `rollOf` gives the roll as the published formula writes it.
 */
export const DICE_OUTCOMES = 10_001;
/** Chance of a win, in hundredths of a percent: 0.01 % to 98 %. */
export const DICE_CHANCE_MIN = 1;
export const DICE_CHANCE_MAX = 9_800;

export type DiceSide = 'over' | 'under';

/** The roll in hundredths (0 to 10,000). */
export function diceRollUnits(f: number): number {
  return Math.floor(f * DICE_OUTCOMES);
}

/** The roll as shown: floor(f × 10001) / 100. */
export function rollOf(f: number): number {
  return diceRollUnits(f) / 100;
}

/** The chance a target and side give, in hundredths of a percent (over X: 100 − X; under X: X). */
export function diceChance(targetUnits: number, side: DiceSide): number {
  return side === 'over' ? 10_000 - targetUnits : targetUnits;
}

/** Whether this target and side are a bet the game takes (chance 0.01–98 %). */
export function isDiceTarget(targetUnits: number, side: DiceSide): boolean {
  const chance = diceChance(targetUnits, side);
  return (
    Number.isInteger(targetUnits) &&
    targetUnits >= 0 &&
    targetUnits <= 10_000 &&
    chance >= DICE_CHANCE_MIN &&
    chance <= DICE_CHANCE_MAX
  );
}

export function diceWins(rollUnits: number, targetUnits: number, side: DiceSide): boolean {
  return side === 'over' ? rollUnits > targetUnits : rollUnits < targetUnits;
}

/**
 * The multiplier paid on a win: (100 − edge %) / chance %, i.e. (10,000 − edge in basis points)
 * over the chance in hundredths of a percent.
 */
export function diceMultiplier(targetUnits: number, side: DiceSide, edgeBp: number): Rational {
  return { num: BigInt(10_000 - edgeBp), den: BigInt(diceChance(targetUnits, side)) };
}
