import { DECKS } from './blackjack';
import { add, strategyMove, type Action } from './blackjack-strategy';

/*
 * The RTP of basic strategy (the moves `strategyMove` makes) dealt from the studio's real shoe:
 * six decks, every card drawn without replacement. Every card the player and the dealer draw is
 * taken from the shoe left, exactly — the deal, each hit and double, the dealer's hole card (drawn
 * last, given no blackjack under an ace or a ten: the dealer peeked) and the dealer's draws.
 * Splits alone are approximated, as card-counting analyses usually do: each split hand is played
 * from the shoe left after the deal, as if the other hand took no cards.
 */

type Counts = number[];
const VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** A full shoe of `decks` decks by card value: four of each of ace to nine a deck, sixteen tens. */
export const fullShoe = (decks: number): Counts =>
  Array.from({ length: 11 }, (_, v) => (v === 0 ? 0 : v === 10 ? 16 * decks : 4 * decks));

const size = (c: Counts) => c.reduce((t, n) => t + n, 0);
const without = (c: Counts, v: number) => c.map((n, i) => (i === v ? n - 1 : n));

const handOf = (values: readonly number[]) =>
  values.reduce((h, v) => add(h.total, h.soft, v), { total: 0, soft: false });

/** The hole card the dealer may have once it peeked: no ten under an ace, no ace under a ten. */
const holeAllowed = (up: number, v: number) => !(up === 1 && v === 10) && !(up === 10 && v === 1);

export function shoeRtp(decks = DECKS): number {
  const dealerMemo = new Map<string, number[]>();
  /** The dealer's final totals (17–21, 22 a bust) from its hand, drawing from `c`, standing on 17. */
  function dealerFrom(c: Counts, total: number, soft: boolean): number[] {
    if (total >= 17) {
      const out = new Array<number>(23).fill(0);
      out[Math.min(total, 22)] = 1;
      return out;
    }
    const key = `${c.join(',')}|${total}|${soft ? 1 : 0}`;
    const known = dealerMemo.get(key);
    if (known) return known;
    const out = new Array<number>(23).fill(0);
    const n = size(c);
    for (const v of VALUES) {
      if (!c[v]) continue;
      const next = add(total, soft, v);
      const after = dealerFrom(without(c, v), next.total, next.soft);
      for (let t = 17; t <= 22; t += 1) out[t]! += (c[v]! / n) * after[t]!;
    }
    dealerMemo.set(key, out);
    return out;
  }

  /**
   * The hand values for one up card. Each is weighted by the chance of the hole cards the shoe
   * left allows, not yet divided by the chance the peek passed (the same for every end of a deal:
   * the caller divides).
   */
  function table(up: number) {
    const standMemo = new Map<string, number>();
    /**
     * A hand standing on `total` with the shoe at `c`, per unit staked, weighted by the chance of
     * the hole cards left in `c` (a bust is weighted the same way).
     */
    function stand(c: Counts, total: number): number {
      const key = `${c.join(',')}|${total}`;
      const known = standMemo.get(key);
      if (known !== undefined) return known;
      const n = size(c);
      let ev = 0;
      for (const h of VALUES) {
        if (!c[h] || !holeAllowed(up, h)) continue;
        const weight = c[h]! / n;
        if (total > 21) {
          ev -= weight;
          continue;
        }
        const start = handOf([up, h]);
        const dealer = dealerFrom(without(c, h), start.total, start.soft);
        let net = dealer[22]!;
        for (let d = 17; d <= 21; d += 1)
          net += d < total ? dealer[d]! : d > total ? -dealer[d]! : 0;
        ev += weight * net;
      }
      standMemo.set(key, ev);
      return ev;
    }
    /** A hand played by basic strategy from its cards, the moves `allowed` open to it. */
    function play(c: Counts, values: number[], allowed: Action[]): number {
      const hand = handOf(values);
      if (hand.total >= 21) return stand(c, hand.total);
      const move = strategyMove(values, up, allowed);
      const n = size(c);
      let ev = 0;
      if (move === 'stand') return stand(c, hand.total);
      for (const v of VALUES) {
        if (!c[v]) continue;
        const next = without(c, v);
        ev +=
          (c[v]! / n) *
          (move === 'double'
            ? 2 * stand(next, add(hand.total, hand.soft, v).total)
            : play(next, [...values, v], ['stand', 'hit']));
      }
      return ev;
    }
    /** Two cards of value p split: each hand from the shoe left after the deal (see above). */
    function split(c: Counts, p: number): number {
      const n = size(c);
      const dealt = (v: number) => without(c, v);
      if (p === 1) {
        let one = 0;
        for (const v of VALUES)
          if (c[v]) one += (c[v]! / n) * stand(dealt(v), handOf([1, v]).total);
        return 2 * one;
      }
      const twoCard = (v: number) => play(dealt(v), [p, v], ['stand', 'hit', 'double']);
      let others = 0;
      for (const v of VALUES) if (v !== p && c[v]) others += (c[v]! / n) * twoCard(v);
      const q = c[p]! / n;
      const kept = c[p] ? twoCard(p) : 0;
      const plain = others + q * kept;
      if (2 * plain <= kept) return 2 * plain;
      // Three hands at most: the first hand dealt p splits again and no hand may after it; else
      // the second hand may.
      return others + (1 - q) * (others + q * 2 * plain) + q * 3 * plain;
    }
    return { play, split };
  }

  const tables = new Map(VALUES.map((up) => [up, table(up)]));
  let ev = 0;
  const shoe = fullShoe(decks);
  const total = size(shoe);
  for (const up of VALUES) {
    for (const a of VALUES) {
      for (const b of VALUES) {
        // Dealt player, dealer, player: the chance of a, the up card, then b.
        const chance =
          (shoe[a]! / total) *
          (without(shoe, a)[up]! / (total - 1)) *
          (without(without(shoe, a), up)[b]! / (total - 2));
        if (!chance) continue;
        const c = without(without(without(shoe, a), up), b);
        const n = size(c);
        const blackjack = up === 1 ? c[10]! / n : up === 10 ? c[1]! / n : 0;
        const natural = (a === 1 && b === 10) || (a === 10 && b === 1);
        if (natural) {
          ev += chance * (1 - blackjack) * 1.5;
          continue;
        }
        const { play, split } = tables.get(up)!;
        const moves: Action[] = ['stand', 'hit', 'double', ...(a === b ? ['split' as const] : [])];
        const first = strategyMove([a, b], up, moves);
        const value = first === 'split' ? split(c, a) : play(c, [a, b], moves.slice(0, 3));
        // Given the peek passed: the weights above summed to 1 − blackjack.
        ev += chance * (-blackjack + value);
      }
    }
  }
  return 1 + ev;
}
