/**
 * What a studio round accepts: stakes in the aggregator's positive integers, bets the game offers;
 * anything else is no round at all.
 */
import { engine, floatStream } from '@/studio/games/engines';

describe('studio rounds', () => {
  it('takes only bets the game offers, at positive integer stakes', () => {
    expect(engine('slot').stakeOf({ stake: 20_000 })).toBe(BigInt(20_000));
    expect(engine('slot').stakeOf({ stake: 20_001 })).toBeNull();
    expect(engine('slot').stakeOf({ stake: -20 })).toBeNull();
    const red = {
      kind: 'red',
      numbers: [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36],
    };
    expect(
      engine('roulette').stakeOf({
        bets: [
          { ...red, amount: 5 },
          { kind: 'straight', numbers: [0], amount: 2 },
        ],
      }),
    ).toBe(BigInt(7));
    expect(
      engine('roulette').stakeOf({ bets: [{ kind: 'split', numbers: [3, 4], amount: 5 }] }),
    ).toBeNull();
    expect(engine('roulette').stakeOf({ bets: [] })).toBeNull();
    expect(engine('roulette').stakeOf({ bets: [{ ...red, amount: 1.5 }] })).toBeNull();
    expect(engine('baccarat').stakeOf({ bets: { banker: 10, tie: 1 } })).toBe(BigInt(11));
    expect(engine('baccarat').stakeOf({ bets: { dragon: 10 } })).toBeNull();
    expect(engine('baccarat').stakeOf({ bets: {} })).toBeNull();
    expect(engine('wheel').stakeOf({ bets: { 47: 3, 1: 2 } })).toBe(BigInt(5));
    expect(engine('wheel').stakeOf({ bets: { 2: 3 } })).toBeNull();
    expect(engine('wheel').stakeOf(null)).toBeNull();
  });

  it('draws a round from its seeds alone: the same seeds, the same result', () => {
    const seed = 'ab'.repeat(32);
    const once = engine('slot').settle({ stake: 20_000 }, floatStream(seed, 'client', 7));
    const again = engine('slot').settle({ stake: 20_000 }, floatStream(seed, 'client', 7));
    expect(again).toEqual(once);
    const other = engine('slot').settle({ stake: 20_000 }, floatStream(seed, 'client', 8));
    expect(other.outcome).not.toEqual(once.outcome);
    // A stream reads on past its first block of floats.
    const next = floatStream(seed, 'client', 1);
    const many = Array.from({ length: 40 }, next);
    expect(new Set(many).size).toBe(40);
  });
});
