import { payoutOf, reduced, type Rational } from '@/lib/fairness/rational';

/*
 * Punto banco from eight decks shuffled fresh for every coup, by the fixed tableau: no choices,
 * so the exact odds of each result come from walking every order the first six cards can come in
 * through `playCoup`, the function that plays a real coup.
 */

export const DECKS = 8;
const SHOE = 52 * DECKS;
/** Cards a coup can use: two each, then a third each at most. */
const MOST_CARDS = 6;

export type Card = { rank: number; suit: number };
export type Winner = 'player' | 'banker' | 'tie';
export type BaccaratBet = Winner;

/** What a winning bet returns per unit staked (its stake included); a tie returns player and banker bets. */
export const RETURNS: Record<BaccaratBet, Rational> = {
  player: { num: BigInt(2), den: BigInt(1) },
  // Even money less the house's 5 % commission on the win.
  banker: { num: BigInt(195), den: BigInt(100) },
  tie: { num: BigInt(9), den: BigInt(1) },
};

/** Ace one, two to nine as marked, tens and faces nothing. */
export const pointsOf = (rank: number) => (rank >= 10 ? 0 : rank);
const totalOf = (values: readonly number[]) => values.reduce((t, v) => t + v, 0) % 10;

/** The player's hand takes a third card on 0–5 and stands on 6–7. */
export const playerDraws = (total: number) => total <= 5;

/**
 * The banker's hand: with no third card to the player it plays as the player does; otherwise by
 * its total and the value of the player's third card.
 */
export function bankerDraws(total: number, playerThird: number | null): boolean {
  if (playerThird === null) return total <= 5;
  if (total <= 2) return true;
  if (total === 3) return playerThird !== 8;
  if (total === 4) return playerThird >= 2 && playerThird <= 7;
  if (total === 5) return playerThird >= 4 && playerThird <= 7;
  if (total === 6) return playerThird === 6 || playerThird === 7;
  return false;
}

/**
 * One coup: cards come player, banker, player, banker; a natural (8 or 9 in two cards) on either
 * side ends it; then the player's third card, then the banker's.
 */
export function playCoup<C>(
  next: () => C,
  value: (card: C) => number,
): { player: C[]; banker: C[]; winner: Winner } {
  const player = [next()];
  const banker = [next()];
  player.push(next());
  banker.push(next());
  const points = (hand: C[]) => totalOf(hand.map(value));
  if (points(player) < 8 && points(banker) < 8) {
    let third: number | null = null;
    if (playerDraws(points(player))) {
      player.push(next());
      third = value(player[2]!);
    }
    if (bankerDraws(points(banker), third)) banker.push(next());
  }
  const p = points(player);
  const b = points(banker);
  return { player, banker, winner: p > b ? 'player' : b > p ? 'banker' : 'tie' };
}

/** A coup dealt from a fresh shoe: each card drawn by a float in [0, 1) from the cards left. */
export function dealCoup(floats: readonly number[]) {
  const shoe: Card[] = [];
  for (let deck = 0; deck < DECKS; deck += 1) {
    for (let suit = 0; suit < 4; suit += 1) {
      for (let rank = 1; rank <= 13; rank += 1) shoe.push({ rank, suit });
    }
  }
  let drawn = 0;
  return playCoup(
    () => {
      const f = floats[drawn];
      if (f === undefined) throw new RangeError('a coup needs six floats');
      drawn += 1;
      return shoe.splice(Math.min(shoe.length - 1, Math.floor(f * shoe.length)), 1)[0]!;
    },
    (card) => pointsOf(card.rank),
  );
}

/**
 * How often each result comes, exactly: every sequence of six card values, weighted by its chance
 * from a full shoe, played through `playCoup` (cards it does not use carry their weight along).
 * The weights are integers over 416·415·…·411 < 2⁵³, so plain numbers add them exactly.
 */
function coupWeights(): { weights: Record<Winner, bigint>; den: bigint } {
  const left = Array.from({ length: 10 }, (_, v) => (v === 0 ? 16 : 4) * DECKS);
  const sums: Record<Winner, number> = { player: 0, banker: 0, tie: 0 };
  const values: number[] = [];
  const walk = (depth: number, weight: number) => {
    if (depth === MOST_CARDS) {
      let i = 0;
      sums[
        playCoup(
          () => values[i++]!,
          (v) => v,
        ).winner
      ] += weight;
      return;
    }
    for (let v = 0; v < 10; v += 1) {
      const count = left[v]!;
      left[v] = count - 1;
      values[depth] = v;
      walk(depth + 1, weight * count);
      left[v] = count;
    }
  };
  walk(0, 1);
  let den = BigInt(1);
  for (let i = 0; i < MOST_CARDS; i += 1) den *= BigInt(SHOE - i);
  const weights = {
    player: BigInt(sums.player),
    banker: BigInt(sums.banker),
    tie: BigInt(sums.tie),
  };
  return { weights, den };
}

/** The exact chance of each result. */
export function coupOdds(): Record<Winner, Rational> {
  const { weights, den } = coupWeights();
  const odds = (n: bigint) => reduced({ num: n, den });
  return { player: odds(weights.player), banker: odds(weights.banker), tie: odds(weights.tie) };
}

/** What a stake on `bet` returns after `winner`: its win, its stake back on a tie, or nothing. */
export function returnOf(bet: BaccaratBet, winner: Winner, stake: bigint): bigint {
  if (bet === winner) return payoutOf(stake, RETURNS[bet]);
  return winner === 'tie' ? stake : BigInt(0);
}

/**
 * Each bet's return to player, exact: Σ over the results of its chance × what the bet returns
 * then (its win, its stake back on a tie, or nothing).
 */
export function baccaratRtp(): Record<BaccaratBet, Rational> {
  const { weights, den } = coupWeights();
  const rtp = (bet: BaccaratBet): Rational => {
    const results: Winner[] = ['player', 'banker', 'tie'];
    // A stake of 100 units: the banker's 1.95 pays it exactly.
    const unit = BigInt(100);
    let num = BigInt(0);
    for (const winner of results) num += weights[winner] * returnOf(bet, winner, unit);
    return reduced({ num, den: den * unit });
  };
  return { player: rtp('player'), banker: rtp('banker'), tie: rtp('tie') };
}
