import { catalogGames, type CatalogGame } from '@/lib/games/demo-catalog';
import type { Rational } from '@/lib/fairness/rational';
import { baccaratRtp } from './games/baccarat';
import { shoeRtp } from './games/blackjack-shoe';
import type { EngineName } from './games/engines';
import { rtpOf, TABLE_BETS } from './games/roulette';
import { slotRtp } from './games/slot-rtp';
import { WHEEL_BETS, wheelRtp } from './games/wheel';

/*
 * Which of the demo catalog's titles the studio plays, and on which engine: by the title's kind,
 * its name and art kept. A title whose name promises rules an engine does not have (no commission,
 * lightning multipliers, a second ball, a free bet, an infinite deck, a bonus buy, several hands)
 * is not the studio's: the platform keeps its demo frame.
 */

/** Names that promise rules the engines lack. */
const PROMISES = /No Commission|Lightning|Double Ball|Lucky Number|Infinite|Free Bet|Multihand/;

export function engineFor(
  game: Pick<CatalogGame, 'name' | 'section' | 'categories'>,
): EngineName | null {
  if (PROMISES.test(game.name)) return null;
  const [kind] = game.categories;
  if (game.section === 'slots' && game.categories.length === 0) return 'slot';
  if (kind === 'roulette' || (kind === 'table-games' && /^European Roulette/.test(game.name)))
    return 'roulette';
  if (kind === 'baccarat' || (kind === 'table-games' && /^Punto Banco/.test(game.name)))
    return 'baccarat';
  if (kind === 'game-show' && /^Wheel of Wonders/.test(game.name)) return 'wheel';
  if (kind === 'blackjack') return 'blackjack';
  return null;
}

/** A rational as a percentage with two decimals, rounded half up ("96.06"). */
export function percentOf({ num, den }: Rational): string {
  const hundredths = (num * BigInt(20_000) + den) / (BigInt(2) * den);
  return `${hundredths / BigInt(100)}.${String(hundredths % BigInt(100)).padStart(2, '0')}`;
}

const best = (values: Rational[]) =>
  values.reduce((a, b) => (a.num * b.den >= b.num * a.den ? a : b));

/**
 * Each engine's RTP, computed from its rules: the slot's exact figure, for the tables the best
 * bet's (roulette's are all 36/37; baccarat's banker; the wheel's best number), and blackjack's
 * under basic strategy.
 */
export function engineRtps(): Record<EngineName, string> {
  return {
    slot: percentOf(slotRtp().rtp),
    roulette: percentOf(best(TABLE_BETS.map(rtpOf))),
    baccarat: percentOf(best(Object.values(baccaratRtp()))),
    wheel: percentOf(best(WHEEL_BETS.map(wheelRtp))),
    // Basic strategy's return from the six-deck shoe (splits approximated: docs/studio.md).
    blackjack: (Math.round(shoeRtp() * 10_000) / 100).toFixed(2),
  };
}

/** The tables' RTP of each bet, shown beside it (baccarat's three, the wheel's six). */
export function betRtps(): Partial<Record<EngineName, Record<string, string>>> {
  const baccarat = baccaratRtp();
  return {
    baccarat: Object.fromEntries(
      Object.entries(baccarat).map(([bet, rtp]) => [bet, percentOf(rtp)]),
    ),
    wheel: Object.fromEntries(WHEEL_BETS.map((bet) => [String(bet), percentOf(wheelRtp(bet))])),
  };
}

/**
 * The game list category of each engine: our studio's own names, so the platform says which
 * engine a title runs for these and never for another aggregator's "roulette".
 */
export const ENGINE_CATEGORY: Record<EngineName, string> = {
  slot: 'studio-video-slot',
  roulette: 'studio-roulette',
  baccarat: 'studio-baccarat',
  wheel: 'studio-money-wheel',
  blackjack: 'studio-blackjack',
};

export type StudioGame = { code: string; name: string; engine: EngineName };

/** The studio's titles: every catalog game an engine plays. */
export const studioGames: StudioGame[] = catalogGames.flatMap((game) => {
  const engine = engineFor(game);
  return engine ? [{ code: game.gameId, name: game.name, engine }] : [];
});

/** The demo catalog's titles it lists but does not play (its game list shows them disabled). */
export const unplayedTitles = catalogGames
  .filter((game) => !engineFor(game))
  .map((game) => ({ code: game.gameId, name: game.name }));
