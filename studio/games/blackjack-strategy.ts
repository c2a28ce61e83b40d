/*
 * Blackjack's basic strategy and its RTP, computed from the rules of ./blackjack.ts for an
 * infinite shoe (each card independent: ace to nine 1/13 each, the tens 4/13). The dealer's final
 * totals are summed exactly for each up card — under an ace or a ten, given no blackjack (the
 * dealer peeked); every hand's best move is the one of highest expected value; the RTP is the
 * mean over the first two cards and the up card of playing those moves.
 *
 * Six decks shuffled fresh each round take a few cards out of an otherwise full shoe: the figure
 * here does not count that removal; ./blackjack-shoe.ts does, for the same strategy.
 */

export type Action = 'stand' | 'hit' | 'double' | 'split';

/** The chance of each card value: 1 (ace) … 10 (ten, jack, queen, king). */
const P = Array.from({ length: 11 }, (_, v) => (v === 0 ? 0 : v === 10 ? 4 / 13 : 1 / 13));
const VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** A hand's total after one more card of value v: the best total and whether an ace is eleven. */
export function add(total: number, soft: boolean, v: number): { total: number; soft: boolean } {
  let t = total + v;
  let s = soft;
  if (v === 1 && t + 10 <= 21) {
    t += 10;
    s = true;
  }
  if (t > 21 && s) {
    t -= 10;
    s = false;
  }
  return { total: t, soft: s };
}

/** The dealer's final totals (17–21, or 22 for a bust) from a hand, standing on every 17. */
function dealerFrom(total: number, soft: boolean): number[] {
  const out = new Array<number>(23).fill(0);
  if (total >= 17) {
    out[Math.min(total, 22)] = 1;
    return out;
  }
  for (const v of VALUES) {
    const next = add(total, soft, v);
    const after = dealerFrom(next.total, next.soft);
    for (let t = 17; t <= 22; t += 1) out[t]! += P[v]! * after[t]!;
  }
  return out;
}

/** The chance the dealer has blackjack under this up card. */
export const dealerBlackjack = (up: number) => (up === 1 ? P[10]! : up === 10 ? P[1]! : 0);

/** The dealer's final totals under an up card, given it has no blackjack (it peeked). */
export function dealerTotals(up: number): number[] {
  const out = new Array<number>(23).fill(0);
  const noBlackjack = 1 - dealerBlackjack(up);
  const start = add(0, false, up);
  for (const hole of VALUES) {
    if ((up === 1 && hole === 10) || (up === 10 && hole === 1)) continue;
    const next = add(start.total, start.soft, hole);
    const after = dealerFrom(next.total, next.soft);
    for (let t = 17; t <= 22; t += 1) out[t]! += (P[hole]! / noBlackjack) * after[t]!;
  }
  return out;
}

/** The expected value of the moves, for one up card. */
function solver(up: number) {
  const dealer = dealerTotals(up);
  const stand = (total: number) => {
    if (total > 21) return -1;
    let ev = dealer[22]!;
    for (let d = 17; d <= 21; d += 1) ev += d < total ? dealer[d]! : d > total ? -dealer[d]! : 0;
    return ev;
  };
  const hitMemo = new Map<string, number>();
  /** The best of standing and hitting (more cards: no double). */
  const play = (total: number, soft: boolean): number =>
    total > 21 ? -1 : Math.max(stand(total), hit(total, soft));
  function hit(total: number, soft: boolean): number {
    const key = `${total}${soft ? 's' : 'h'}`;
    const known = hitMemo.get(key);
    if (known !== undefined) return known;
    let ev = 0;
    for (const v of VALUES) {
      const next = add(total, soft, v);
      ev += P[v]! * play(next.total, next.soft);
    }
    hitMemo.set(key, ev);
    return ev;
  }
  const double = (total: number, soft: boolean) => {
    let ev = 0;
    for (const v of VALUES) ev += P[v]! * 2 * stand(add(total, soft, v).total);
    return ev;
  };
  /** A two-card hand's moves but splitting: stand, hit, double. */
  const twoCard = (total: number, soft: boolean) =>
    Math.max(stand(total), hit(total, soft), double(total, soft));
  /**
   * Splitting a pair of value p into two hands, each dealt its second card in turn; doubling after
   * a split allowed; one hand more at most (three in all) when a hand is dealt p again; split aces
   * one card each, a 21 on them not a blackjack.
   */
  const split = (p: number) => {
    const first = add(0, false, p);
    if (p === 1) {
      let one = 0;
      for (const v of VALUES) one += P[v]! * stand(add(first.total, first.soft, v).total);
      return 2 * one;
    }
    let others = 0;
    for (const v of VALUES) {
      if (v === p) continue;
      const next = add(first.total, first.soft, v);
      others += P[v]! * twoCard(next.total, next.soft);
    }
    const pair = add(first.total, first.soft, p);
    const q = P[p]!;
    const kept = twoCard(pair.total, pair.soft);
    // A split hand that may not split again.
    const plain = others + q * kept;
    if (2 * plain <= kept) return 2 * plain;
    // Three hands at most (MAX_HANDS in ./blackjack): the first hand dealt p splits again and no
    // hand may after it; else the second hand may.
    return others + (1 - q) * (others + q * 2 * plain) + q * 3 * plain;
  };
  return { stand, hit, double, twoCard, split };
}

const solvers = new Map<number, ReturnType<typeof solver>>();
const solverFor = (up: number) => {
  let s = solvers.get(up);
  if (!s) solvers.set(up, (s = solver(up)));
  return s;
};

/** Every first move for two cards (values) against an up card, with its expected value. */
export function moveValues(
  a: number,
  b: number,
  up: number,
): Array<{ action: Action; ev: number }> {
  const s = solverFor(up);
  const hand = add(add(0, false, a).total, add(0, false, a).soft, b);
  const moves: Array<{ action: Action; ev: number }> = [
    { action: 'stand', ev: s.stand(hand.total) },
    { action: 'hit', ev: s.hit(hand.total, hand.soft) },
    { action: 'double', ev: s.double(hand.total, hand.soft) },
  ];
  if (a === b) moves.push({ action: 'split', ev: s.split(a) });
  return moves;
}

/** The best first move: the one of highest expected value. */
export const bestMove = (a: number, b: number, up: number) =>
  moveValues(a, b, up).reduce((best, m) => (m.ev > best.ev ? m : best));

/**
 * The RTP of basic strategy: over every first two cards and up card, a blackjack paid 3 to 2
 * (pushed by the dealer's), the dealer's blackjack taking the stake, else the best move's value.
 */
export function basicStrategyRtp(): number {
  let ev = 0;
  for (const up of VALUES) {
    const bj = dealerBlackjack(up);
    for (const a of VALUES) {
      for (const b of VALUES) {
        const chance = P[up]! * P[a]! * P[b]!;
        const natural = (a === 1 && b === 10) || (a === 10 && b === 1);
        const value = natural ? (1 - bj) * 1.5 : -bj + (1 - bj) * bestMove(a, b, up).ev;
        ev += chance * value;
      }
    }
  }
  return 1 + ev;
}

/**
 * The move basic strategy makes for a hand in play (its cards' values), from the moves it allows:
 * the highest expected value among them. A hand of three or more cards only stands or hits.
 */
export function strategyMove(
  values: readonly number[],
  up: number,
  allowed: readonly Action[],
): Action {
  const s = solverFor(up);
  const hand = values.reduce((h, v) => add(h.total, h.soft, v), { total: 0, soft: false });
  const options: Array<{ action: Action; ev: number }> = [
    { action: 'stand', ev: s.stand(hand.total) },
    { action: 'hit', ev: s.hit(hand.total, hand.soft) },
  ];
  if (allowed.includes('double'))
    options.push({ action: 'double', ev: s.double(hand.total, hand.soft) });
  if (allowed.includes('split')) options.push({ action: 'split', ev: s.split(values[0]!) });
  return options.reduce((best, m) => (m.ev > best.ev ? m : best)).action;
}
