/**
 * The studio's blackjack rules, played from a real six-deck shoe: the floats are chosen so the
 * shoe deals the ranks each case needs.
 */
import {
  DECKS,
  deal,
  movesOf,
  play,
  returnsOf,
  totalOf,
  type Round,
} from '@/studio/games/blackjack';

/** Floats that make a fresh shoe deal these ranks in order (1 = ace … 13 = king). */
function floatsFor(ranks: number[]): number[] {
  const shoe: number[] = [];
  for (let deck = 0; deck < DECKS; deck += 1) {
    for (let suit = 0; suit < 4; suit += 1)
      for (let rank = 1; rank <= 13; rank += 1) shoe.push(rank);
  }
  return ranks.map((rank) => {
    const at = shoe.indexOf(rank);
    const f = (at + 0.5) / shoe.length;
    shoe.splice(at, 1);
    return f;
  });
}

const ranks = (cards: Array<{ rank: number }>) => cards.map((c) => c.rank);

/** Deals `dealt` (player, dealer up, player, hole, then every later card) and plays `moves`. */
function played(dealt: number[], moves: Parameters<typeof play>[1][]): Round {
  const floats = floatsFor(dealt);
  return moves.reduce((round, move) => play(round, move, floats), deal(floats));
}

describe('blackjack', () => {
  it('counts aces soft while they fit', () => {
    const hand = (...r: number[]) => totalOf(r.map((rank) => ({ rank, suit: 0 })));
    expect(hand(1, 6)).toEqual({ total: 17, soft: true });
    expect(hand(1, 6, 10)).toEqual({ total: 17, soft: false });
    expect(hand(1, 1)).toEqual({ total: 12, soft: true });
    expect(hand(12, 13, 1)).toEqual({ total: 21, soft: false });
  });

  it('stands the dealer on soft 17 and hits 16', () => {
    // An ace up: insurance is offered first; declined, the dealer (no blackjack) stands on A-6.
    const soft = played([10, 1, 9, 6], ['noInsurance', 'stand']);
    expect(ranks(soft.dealer)).toEqual([1, 6]);
    expect(returnsOf(soft)).toEqual({ staked: 1, returned: 2 });
    const hard = played([10, 10, 10, 6, 5], ['stand']);
    expect(ranks(hard.dealer)).toEqual([10, 6, 5]);
    expect(returnsOf(hard)).toEqual({ staked: 1, returned: 0 });
  });

  it('pays a blackjack 3 to 2, pushes it against the dealer’s, and peeks under a ten', () => {
    const natural = deal(floatsFor([1, 9, 13, 7]));
    expect(natural.state).toBe('settled');
    expect(returnsOf(natural)).toEqual({ staked: 1, returned: 2.5 });
    const peeked = deal(floatsFor([10, 12, 9, 1]));
    expect(peeked.state).toBe('settled');
    expect(movesOf(peeked)).toEqual([]);
    expect(returnsOf(peeked)).toEqual({ staked: 1, returned: 0 });
    const both = played([1, 1, 11, 10], ['noInsurance']);
    expect(returnsOf(both)).toEqual({ staked: 1, returned: 1 });
  });

  it('pays insurance 2 to 1 when the dealer has blackjack', () => {
    const insured = played([10, 1, 9, 13], ['insure']);
    expect(insured.state).toBe('settled');
    expect(returnsOf(insured)).toEqual({ staked: 1.5, returned: 1.5 });
    const lost = played([10, 1, 9, 5, 2], ['insure', 'stand']);
    expect(returnsOf(lost)).toEqual({ staked: 1.5, returned: 2 });
  });

  it('splits to three hands, doubles after a split, and deals each split hand its card in turn', () => {
    const floats = floatsFor([8, 6, 8, 10, 3, 10, 8, 2, 9, 8, 10]);
    let round = deal(floats);
    expect(movesOf(round)).toEqual(['hit', 'stand', 'double', 'split']);
    round = play(round, 'split', floats);
    expect(round.hands.map((h) => ranks(h.cards))).toEqual([[8, 3], [8]]);
    round = play(round, 'double', floats);
    expect(round.hands.map((h) => ranks(h.cards))).toEqual([
      [8, 3, 10],
      [8, 8],
    ]);
    round = play(round, 'split', floats);
    round = play(round, 'hit', floats);
    round = play(round, 'stand', floats);
    expect(round.hands).toHaveLength(3);
    // Three hands: the third pair is not split again.
    expect(ranks(round.hands[2]!.cards)).toEqual([8, 8]);
    expect(movesOf(round)).toEqual(['hit', 'stand', 'double']);
    round = play(round, 'stand', floats);
    expect(ranks(round.dealer)).toEqual([6, 10, 10]);
    expect(returnsOf(round)).toEqual({ staked: 4, returned: 8 });
  });

  it('gives split aces one card each, and a split 21 is not a blackjack', () => {
    const round = played([1, 9, 1, 7, 13, 5, 10], ['split']);
    expect(round.hands.map((h) => ranks(h.cards))).toEqual([
      [1, 13],
      [1, 5],
    ]);
    expect(round.state).toBe('settled');
    expect(returnsOf(round)).toEqual({ staked: 2, returned: 4 });
  });

  it('refuses a move the hand does not allow, and the dealer shows its cards against busts alone', () => {
    const floats = floatsFor([10, 9, 2, 7, 3, 10]);
    let round = deal(floats);
    round = play(round, 'hit', floats);
    expect(() => play(round, 'double', floats)).toThrow(RangeError);
    expect(() => play(round, 'insure', floats)).toThrow(RangeError);
    round = play(round, 'hit', floats);
    expect(round.state).toBe('settled');
    expect(ranks(round.dealer)).toEqual([9, 7]);
    expect(returnsOf(round)).toEqual({ staked: 1, returned: 0 });
  });
});
