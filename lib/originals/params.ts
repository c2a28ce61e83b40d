import type { OriginalBet } from '@/lib/fairness/outcome';
import type { BetParams } from '@/lib/schemas/originals';

/*
 * The bet's parameters as the game pages and the API write them, turned into what `lib/fairness`
 * plays. Free of zod, so a game page does not carry the schema library in its first load.
 */

/** A number with at most two decimals, as hundredths (50.5 → 5050). */
export const toHundredths = (value: number) => Math.round(value * 100);

/**
 * The parameters as `lib/fairness` plays them (targets in hundredths). A Mines game is played
 * with the tiles revealed, in order: none shows just its board.
 */
export function fairBetOf(params: BetParams, picks: readonly number[] = []): OriginalBet {
  if (params.game === 'dice') {
    return { game: 'dice', targetUnits: toHundredths(params.target), side: params.side };
  }
  if (params.game === 'limbo') return { game: 'limbo', targetUnits: toHundredths(params.target) };
  if (params.game === 'mines') return { game: 'mines', mines: params.mines, picks };
  return { game: 'plinko', rows: params.rows, risk: params.risk };
}
