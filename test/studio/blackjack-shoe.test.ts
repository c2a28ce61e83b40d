/**
 * Basic strategy's RTP from the studio's real six-deck shoe (cards drawn without replacement,
 * splits approximated as independent hands): the figure, and its convergence to the infinite-shoe
 * figure as the shoe grows — the check that the card-by-card sums are the same game.
 */
import { fullShoe, shoeRtp } from '@/studio/games/blackjack-shoe';
import { basicStrategyRtp } from '@/studio/games/blackjack-strategy';

describe('blackjack from the six-deck shoe', () => {
  it('a full shoe: four of each value a deck, sixteen tens', () => {
    expect(fullShoe(6)).toEqual([0, 24, 24, 24, 24, 24, 24, 24, 24, 24, 96]);
  });

  it('returns 99.59 % from six decks, more than the infinite shoe’s 99.48 %', () => {
    expect(shoeRtp(6)).toBeCloseTo(0.995851, 6);
  });

  it('comes to the infinite shoe’s figure as the shoe grows', () => {
    const infinite = basicStrategyRtp();
    const gaps = [1, 1000].map((decks) => Math.abs(shoeRtp(decks) - infinite));
    expect(gaps[0]).toBeGreaterThan(1e-3);
    expect(gaps[1]).toBeLessThan(2e-5);
  }, 60_000);
});
