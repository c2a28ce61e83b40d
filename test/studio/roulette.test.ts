/**
 * The studio's European roulette: the layout's bets are exactly the table's (counted per kind),
 * each pays (36 / n − 1) to 1, and each returns 36/37 — computed through the settling function.
 */
import {
  BET_KINDS,
  POCKETS,
  TABLE_BETS,
  colourOf,
  findBet,
  pocketOf,
  returnOf,
  rtpOf,
} from '@/studio/games/roulette';

describe('European roulette', () => {
  it('offers every bet of the layout, and only those', () => {
    const count = (kind: string) => TABLE_BETS.filter((b) => b.kind === kind).length;
    expect(Object.fromEntries(BET_KINDS.map((kind) => [kind, count(kind)]))).toEqual({
      straight: 37,
      // 24 beside each other, 33 one above the other, 3 with the zero.
      split: 60,
      street: 12,
      trio: 2,
      corner: 22,
      firstFour: 1,
      line: 11,
      column: 3,
      dozen: 3,
      red: 1,
      black: 1,
      odd: 1,
      even: 1,
      low: 1,
      high: 1,
    });
    expect(findBet('split', [5, 2])).toMatchObject({ numbers: [2, 5], pays: 17 });
    expect(findBet('split', [3, 4])).toBeNull();
    expect(findBet('split', [0, 4])).toBeNull();
    expect(findBet('corner', [3, 4, 6, 7])).toBeNull();
    expect(findBet('corner', [32, 33, 35, 36])).toMatchObject({ pays: 8 });
    expect(findBet('line', [34, 35, 36, 37, 38, 39])).toBeNull();
    expect(findBet('trio', [0, 2, 3])).toMatchObject({ pays: 11 });
    expect(findBet('straight', [37])).toBeNull();
  });

  it('pays 35, 17, 11, 8, 5, 2 and 1 to 1 by the numbers covered', () => {
    const pays = new Map(TABLE_BETS.map((b) => [b.numbers.length, b.pays]));
    expect(Object.fromEntries(pays)).toEqual({ 1: 35, 2: 17, 3: 11, 4: 8, 6: 5, 12: 2, 18: 1 });
    expect(returnOf(findBet('straight', [17])!, 17, BigInt(10))).toBe(BigInt(360));
    expect(returnOf(findBet('straight', [17])!, 18, BigInt(10))).toBe(BigInt(0));
    // The zero loses every outside bet.
    for (const kind of ['red', 'black', 'odd', 'even', 'low', 'high', 'column', 'dozen']) {
      for (const bet of TABLE_BETS.filter((b) => b.kind === kind)) {
        expect(returnOf(bet, 0, BigInt(1))).toBe(BigInt(0));
      }
    }
  });

  it('returns exactly 36/37 on every bet', () => {
    for (const bet of TABLE_BETS) {
      expect(rtpOf(bet)).toEqual({ num: BigInt(36), den: BigInt(37) });
    }
  });

  it('lands each float in one of the 37 pockets, each pocket on a 37th of the floats', () => {
    expect(pocketOf(0)).toBe(0);
    expect(pocketOf(1 / POCKETS)).toBe(1);
    expect(pocketOf(1 / POCKETS - 2 ** -32)).toBe(0);
    expect(pocketOf(1 - 2 ** -32)).toBe(36);
    expect([0, 1, 2, 10, 11, 19].map(colourOf)).toEqual([
      'green',
      'red',
      'black',
      'black',
      'black',
      'red',
    ]);
  });
});
