import { catalogGames } from '@/lib/games/demo-catalog';

/**
 * The demo catalog (issue 32): each game sits under the categories of its kind — no blackjack
 * under roulette, no video slot under fishing — every tab has games, and no name repeats a word
 * ("Dice Duel Live Live").
 */
const kinds: Record<string, RegExp> = {
  baccarat: /baccarat/i,
  blackjack: /blackjack/i,
  roulette: /roulette/i,
  'game-show': /^(?!.*(baccarat|blackjack|roulette)).*/i,
  bingo: /bingo/i,
  'table-games': /blackjack|roulette|baccarat|poker|hold'em|red dog|punto banco/i,
  'crash-games': /crash|rush|balloon|plane|multiplier/i,
  fishing: /fish|reef|sea hunter|koi catch/i,
};

it('every game is in the categories of its kind', () => {
  const wrong = catalogGames.flatMap((g) =>
    g.categories
      .filter((c) => c !== 'bonus-buy' && !kinds[c]?.test(g.name))
      .map((c) => `${g.name} under ${c}`),
  );
  expect(wrong).toEqual([]);
  // A game is of one kind: a table is never in two tabs.
  expect(catalogGames.filter((g) => g.categories.length > 1)).toEqual([]);
});

it('a bonus buy is a video slot’s feature, never a casino table’s', () => {
  const bonusBuys = catalogGames.filter((g) => g.categories.includes('bonus-buy'));
  expect(bonusBuys.length).toBeGreaterThan(20);
  expect(bonusBuys.every((g) => g.section === 'slots')).toBe(true);
});

it('every casino and slots tab has games of its kind', () => {
  for (const category of Object.keys(kinds)) {
    const listed = catalogGames.filter((g) => g.categories.includes(category));
    expect([category, listed.length >= 6]).toEqual([category, true]);
  }
});

it('no name says a word twice in a row, and names and addresses are unique', () => {
  const repeated = catalogGames.filter((g) => /\b(\w+) \1\b/i.test(g.name)).map((g) => g.name);
  expect(repeated).toEqual([]);
  expect(new Set(catalogGames.map((g) => g.slug)).size).toBe(catalogGames.length);
  expect(catalogGames.map((g) => g.name)).toEqual(
    expect.arrayContaining([
      'Dice Duel Live VIP',
      'Treasure Island Live VIP',
      'Money Drop Live VIP',
    ]),
  );
});
