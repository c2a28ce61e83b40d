/**
 * Which demo titles the studio plays (by kind, never a name that promises rules its engines lack),
 * and the RTP each engine states: computed from the rules, rounded half up to two decimals.
 */
import { catalogGames } from '@/lib/games/demo-catalog';
import { betRtps, engineFor, engineRtps, percentOf, studioGames } from '@/studio/catalog';

const kind = (name: string) => engineFor(catalogGames.find((game) => game.name === name)!);

describe('the studio catalog', () => {
  it('maps titles by their kind, art and names kept', () => {
    expect(kind('European Roulette')).toBe('roulette');
    expect(kind('Speed Roulette Live')).toBe('roulette');
    expect(kind('European Roulette Pro')).toBe('roulette');
    expect(kind('Golden Baccarat')).toBe('baccarat');
    expect(kind('Punto Banco II')).toBe('baccarat');
    expect(kind('Wheel of Wonders')).toBe('wheel');
    expect(kind('Classic Blackjack')).toBe('blackjack');
    expect(kind('VIP Blackjack Live')).toBe('blackjack');
    expect(kind('Piñata Party')).toBe('slot');
    const plainSlot = catalogGames.find((g) => g.section === 'slots' && !g.categories.length)!;
    expect(engineFor(plainSlot)).toBe('slot');
  });

  it('leaves out what its engines do not play: promised rules, bonus buys, other kinds', () => {
    for (const name of [
      'No Commission Baccarat',
      'Lightning Dragon Baccarat',
      'Double Ball Roulette',
      'Lucky Number Roulette',
      'Infinite Blackjack',
      'Free Bet Blackjack',
      'Blackjack Multihand',
      'Mega Ball Bonanza',
      'Three Card Poker',
      'Bingo Bonanza',
      'Rocket Crash',
      'Ocean King Fishing',
    ]) {
      expect([name, kind(name)]).toEqual([name, null]);
    }
    const bonusBuy = catalogGames.find((g) => g.categories.includes('bonus-buy'))!;
    expect(engineFor(bonusBuy)).toBeNull();
    expect(studioGames.length).toBeGreaterThan(300);
    expect(new Set(studioGames.map((g) => g.engine))).toEqual(
      new Set(['slot', 'roulette', 'baccarat', 'wheel', 'blackjack']),
    );
  });

  it('states each engine’s computed RTP, rounded half up', () => {
    expect(percentOf({ num: BigInt(36), den: BigInt(37) })).toBe('97.30');
    expect(percentOf({ num: BigInt(1), den: BigInt(1) })).toBe('100.00');
    expect(percentOf({ num: BigInt(96_055), den: BigInt(100_000) })).toBe('96.06');
    expect(percentOf({ num: BigInt(96_054), den: BigInt(100_000) })).toBe('96.05');
    expect(percentOf({ num: BigInt(1), den: BigInt(200) })).toBe('0.50');
    expect(engineRtps()).toEqual({
      slot: '96.06',
      roulette: '97.30',
      baccarat: '98.94',
      wheel: '95.92',
      blackjack: '99.59',
    });
    expect(betRtps().baccarat).toEqual({ player: '98.76', banker: '98.94', tie: '85.64' });
    expect(Object.keys(betRtps().wheel!)).toEqual(['1', '3', '5', '11', '15', '47']);
  });
});
