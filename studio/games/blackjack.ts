/*
 * Blackjack from six decks shuffled fresh for every round. The dealer stands on soft 17 and peeks
 * under an ace or a ten; blackjack pays 3 to 2; the player may double any two cards (after a split
 * too), split a pair of equal value up to three hands (split aces take one card each and are not
 * split again), and take insurance (2 to 1) under an ace. No surrender. Splits, doubles and
 * insurance are extra stakes in the same round.
 *
 * A round is plain data, so the studio keeps it between the player's moves; every move is a pure
 * function of the round and the shoe's next cards.
 */

export const DECKS = 6;
export const MAX_HANDS = 3;

export type Card = { rank: number; suit: number };

/** The shoe of a round: its cards drawn, one float in [0, 1) each, from the cards left. */
export class Shoe {
  private readonly cards: Card[] = [];
  private used = 0;

  constructor(private readonly floats: readonly number[]) {
    for (let deck = 0; deck < DECKS; deck += 1) {
      for (let suit = 0; suit < 4; suit += 1) {
        for (let rank = 1; rank <= 13; rank += 1) this.cards.push({ rank, suit });
      }
    }
  }

  /** Replays a round's shoe to where it was: the same floats draw the same cards. */
  static at(floats: readonly number[], drawn: number): Shoe {
    const shoe = new Shoe(floats);
    for (let i = 0; i < drawn; i += 1) shoe.draw();
    return shoe;
  }

  get drawn(): number {
    return this.used;
  }

  draw(): Card {
    const f = this.floats[this.used];
    if (f === undefined) throw new RangeError('the round has used every float it was given');
    this.used += 1;
    const at = Math.min(this.cards.length - 1, Math.floor(f * this.cards.length));
    return this.cards.splice(at, 1)[0]!;
  }
}

/** Aces one (or eleven), two to ten as marked, faces ten. */
export const pointsOf = (rank: number) => Math.min(rank, 10);

/** A hand's best total and whether an ace counts eleven in it. */
export function totalOf(cards: readonly Card[]): { total: number; soft: boolean } {
  const hard = cards.reduce((t, c) => t + pointsOf(c.rank), 0);
  const soft = cards.some((c) => c.rank === 1) && hard + 10 <= 21;
  return { total: soft ? hard + 10 : hard, soft };
}

export type Hand = {
  cards: Card[];
  /** What is staked on it, in the unit of the round's stake (1, or 2 once doubled). */
  stakes: number;
  fromSplit: boolean;
  done: boolean;
};

export type Round = {
  /** The floats drawn from, and how many were used. */
  drawn: number;
  dealer: Card[];
  hands: Hand[];
  /** The hand being played; hands.length when the player is done. */
  active: number;
  /** 'offered' under an ace until the player answers; then taken or declined. */
  insurance: 'none' | 'offered' | 'taken' | 'declined';
  state: 'insurance' | 'playing' | 'settled';
};

export type Move = 'hit' | 'stand' | 'double' | 'split' | 'insure' | 'noInsurance';

const isBlackjack = (hand: Hand) =>
  !hand.fromSplit && hand.cards.length === 2 && totalOf(hand.cards).total === 21;

/** Deals a round: player, dealer (face up), player, dealer (the hole card). */
export function deal(floats: readonly number[]): Round {
  const shoe = new Shoe(floats);
  const player = [shoe.draw()];
  const dealer = [shoe.draw()];
  player.push(shoe.draw());
  dealer.push(shoe.draw());
  const round: Round = {
    drawn: shoe.drawn,
    dealer,
    hands: [{ cards: player, stakes: 1, fromSplit: false, done: false }],
    active: 0,
    insurance: 'none',
    state: 'playing',
  };
  if (dealer[0]!.rank === 1) {
    round.insurance = 'offered';
    round.state = 'insurance';
    return round;
  }
  return afterPeek(round, floats);
}

/** The dealer looks under an ace or a ten: a blackjack ends the round at once. */
function afterPeek(round: Round, floats: readonly number[]): Round {
  const up = pointsOf(round.dealer[0]!.rank);
  const dealerBlackjack = (up === 1 || up === 10) && totalOf(round.dealer).total === 21;
  if (dealerBlackjack || isBlackjack(round.hands[0]!)) {
    round.hands[0]!.done = true;
    round.active = round.hands.length;
    round.state = 'settled';
    return round;
  }
  round.state = 'playing';
  return settleIfDone(round, floats);
}

/** The moves the active hand allows now. */
export function movesOf(round: Round): Move[] {
  if (round.state === 'insurance') return ['insure', 'noInsurance'];
  if (round.state !== 'playing') return [];
  const hand = round.hands[round.active]!;
  const moves: Move[] = ['hit', 'stand'];
  if (hand.cards.length === 2) {
    moves.push('double');
    const [a, b] = hand.cards;
    const pair = pointsOf(a!.rank) === pointsOf(b!.rank);
    const resplitAces = hand.fromSplit && a!.rank === 1;
    if (pair && round.hands.length < MAX_HANDS && !resplitAces) moves.push('split');
  }
  return moves;
}

/** Plays a move on the active hand; a move the hand does not allow is refused. */
export function play(round: Round, move: Move, floats: readonly number[]): Round {
  if (!movesOf(round).includes(move)) throw new RangeError(`${move} is not allowed now`);
  const next: Round = structuredClone(round);
  const shoe = Shoe.at(floats, next.drawn);
  if (move === 'insure' || move === 'noInsurance') {
    next.insurance = move === 'insure' ? 'taken' : 'declined';
    return afterPeek(next, floats);
  }
  const hand = next.hands[next.active]!;
  if (move === 'hit') {
    hand.cards.push(shoe.draw());
    if (totalOf(hand.cards).total >= 21) hand.done = true;
  } else if (move === 'stand') {
    hand.done = true;
  } else if (move === 'double') {
    hand.stakes = 2;
    hand.cards.push(shoe.draw());
    hand.done = true;
  } else {
    const moved = hand.cards.pop()!;
    hand.fromSplit = true;
    hand.cards.push(shoe.draw());
    // The second hand gets its second card when its turn comes — split aces at once, one each,
    // and their hands are done.
    const second: Hand = { cards: [moved], stakes: 1, fromSplit: true, done: false };
    if (moved.rank === 1) {
      second.cards.push(shoe.draw());
      hand.done = true;
      second.done = true;
    }
    next.hands.splice(next.active + 1, 0, second);
  }
  next.drawn = shoe.drawn;
  return settleIfDone(next, floats);
}

/** Moves to the next hand still to play (dealing a split hand its second card); when none is left, the dealer plays. */
function settleIfDone(round: Round, floats: readonly number[]): Round {
  const shoe = Shoe.at(floats, round.drawn);
  const finish = () => {
    round.drawn = shoe.drawn;
    return round;
  };
  while (round.active < round.hands.length) {
    const hand = round.hands[round.active]!;
    if (hand.cards.length === 1) hand.cards.push(shoe.draw());
    // A hand of 21 is not played on: it stands.
    if (!hand.done && totalOf(hand.cards).total === 21) hand.done = true;
    if (!hand.done) return finish();
    round.active += 1;
  }
  // The dealer draws only when a hand is still standing: against busts alone it shows its cards.
  if (round.hands.some((h) => totalOf(h.cards).total <= 21)) {
    while (totalOf(round.dealer).total < 17) round.dealer.push(shoe.draw());
  }
  round.state = 'settled';
  return finish();
}

/**
 * What a settled round returns, in units of its stake (stakes included): each hand's win, push or
 * loss; a blackjack 2.5; insurance 3 × ½ when the dealer has blackjack.
 */
export function returnsOf(round: Round): { staked: number; returned: number } {
  if (round.state !== 'settled') throw new RangeError('the round is not settled');
  const dealer = totalOf(round.dealer).total;
  const dealerBlackjack = round.dealer.length === 2 && dealer === 21;
  let staked = 0;
  let returned = 0;
  if (round.insurance === 'taken') {
    staked += 0.5;
    if (dealerBlackjack) returned += 1.5;
  }
  for (const hand of round.hands) {
    staked += hand.stakes;
    const total = totalOf(hand.cards).total;
    if (isBlackjack(hand)) returned += dealerBlackjack ? 1 : 2.5;
    else if (dealerBlackjack || total > 21) continue;
    else if (dealer > 21 || total > dealer) returned += 2 * hand.stakes;
    else if (total === dealer) returned += hand.stakes;
  }
  return { staked, returned };
}
