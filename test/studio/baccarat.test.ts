/**
 * The studio's baccarat (eight decks, a fresh shoe each coup): the tableau as printed, the exact
 * odds of each result from walking every card order through the game's own coup, and each bet's
 * RTP from them.
 */
import {
  bankerDraws,
  baccaratRtp,
  coupOdds,
  dealCoup,
  playCoup,
  playerDraws,
  returnOf,
} from '@/studio/games/baccarat';

const percent = (r: { num: bigint; den: bigint }) =>
  Number((r.num * BigInt(10 ** 8)) / r.den) / 10 ** 6;

describe('baccarat', () => {
  it('draws by the tableau', () => {
    expect([0, 5, 6, 7].map(playerDraws)).toEqual([true, true, false, false]);
    // The banker's draws by its total (rows) and the player's third card (columns 0–9).
    const row = (total: number) =>
      Array.from({ length: 10 }, (_, t) => (bankerDraws(total, t) ? 'D' : 'S')).join('');
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(row)).toEqual([
      'DDDDDDDDDD',
      'DDDDDDDDDD',
      'DDDDDDDDDD',
      'DDDDDDDDSD',
      'SSDDDDDDSS',
      'SSSSDDDDSS',
      'SSSSSSDDSS',
      'SSSSSSSSSS',
    ]);
    expect([5, 6].map((total) => bankerDraws(total, null))).toEqual([true, false]);
  });

  it('ends a coup on a natural, and deals the player’s third card before the banker’s', () => {
    const coup = (values: number[]) => {
      let i = 0;
      return playCoup(
        () => values[i++]!,
        (v) => v,
      );
    };
    // Two naturals: the player's 8 loses to the banker's 9, and nobody draws.
    expect(coup([4, 9, 4, 0, 9, 9])).toMatchObject({
      player: [4, 4],
      banker: [9, 0],
      winner: 'banker',
    });
    expect(coup([1, 3, 2, 3, 7, 5])).toMatchObject({
      player: [1, 2, 7],
      banker: [3, 3, 5],
      winner: 'banker',
    });
    expect(coup([3, 1, 3, 5, 9, 9])).toMatchObject({
      player: [3, 3],
      banker: [1, 5],
      winner: 'tie',
    });
  });

  it('deals real cards from a fresh eight-deck shoe, one float a card', () => {
    const { player, banker } = dealCoup([0, 0, 0, 0, 0.999999, 0.999999]);
    // The shoe runs deck by deck, suit by suit, ace to king; each draw takes from what is left.
    expect(player.slice(0, 2)).toEqual([
      { rank: 1, suit: 0 },
      { rank: 3, suit: 0 },
    ]);
    expect(banker.slice(0, 2)).toEqual([
      { rank: 2, suit: 0 },
      { rank: 4, suit: 0 },
    ]);
    expect(() => dealCoup([0.5, 0.5, 0.5])).toThrow(RangeError);
  });

  it('has the exact odds of eight decks and RTPs of 98.76 %, 98.94 % and 85.64 %', () => {
    const odds = coupOdds();
    expect(odds.player.num * odds.banker.den).not.toBe(BigInt(0));
    expect(percent(odds.banker)).toBeCloseTo(45.8597, 3);
    expect(percent(odds.player)).toBeCloseTo(44.6247, 3);
    expect(percent(odds.tie)).toBeCloseTo(9.5156, 3);
    const rtp = baccaratRtp();
    expect(percent(rtp.banker)).toBeCloseTo(98.9421, 3);
    expect(percent(rtp.player)).toBeCloseTo(98.7649, 3);
    expect(percent(rtp.tie)).toBeCloseTo(85.6404, 3);
    expect(returnOf('banker', 'banker', BigInt(100))).toBe(BigInt(195));
    expect(returnOf('player', 'tie', BigInt(100))).toBe(BigInt(100));
    expect(returnOf('tie', 'player', BigInt(100))).toBe(BigInt(0));
  }, 20_000);
});
