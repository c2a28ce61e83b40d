/**
 * Blackjack's basic strategy and RTP, computed from the rules for an infinite shoe: the chart's
 * clear cells, the dealer's totals, the RTP, and a simulation through the real game (six decks,
 * lib/fairness) playing the computed strategy as a wiring check.
 */
import { randomBytes } from 'node:crypto';
import { floats } from '@/lib/fairness';
import { deal, movesOf, play, returnsOf, pointsOf } from '@/studio/games/blackjack';
import { shoeRtp } from '@/studio/games/blackjack-shoe';
import {
  basicStrategyRtp,
  bestMove,
  dealerTotals,
  strategyMove,
} from '@/studio/games/blackjack-strategy';

const UPS = [2, 3, 4, 5, 6, 7, 8, 9, 10, 1];
const CODE = { stand: 'S', hit: 'H', double: 'D', split: 'P' } as const;
const row = (a: number, b: number) => UPS.map((up) => CODE[bestMove(a, b, up).action]).join('');

describe('blackjack basic strategy', () => {
  it('sums the dealer’s totals to one under every up card', () => {
    for (const up of UPS) {
      const totals = dealerTotals(up);
      expect(totals.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    }
    // Under a six the dealer busts about 42 % of the time.
    expect(dealerTotals(6)[22]).toBeCloseTo(0.4232, 3);
  });

  it('plays the chart: hard, soft and pairs (dealer 2–10, then ace)', () => {
    expect(row(4, 5)).toBe('HDDDDHHHHH'); // 9
    expect(row(4, 6)).toBe('DDDDDDDDHH'); // 10
    expect(row(5, 6)).toBe('DDDDDDDDDH'); // 11, standing on soft 17: hit against an ace
    expect(row(10, 2)).toBe('HHSSSHHHHH'); // 12
    expect(row(10, 6)).toBe('SSSSSHHHHH'); // 16
    expect(row(1, 6)).toBe('HDDDDHHHHH');
    expect(row(1, 7)).toBe('SDDDDSSHHH');
    expect(row(1, 8)).toBe('SSSSSSSSSS');
    expect(row(1, 1)).toBe('PPPPPPPPPP');
    expect(row(8, 8)).toBe('PPPPPPPPPP');
    expect(row(9, 9)).toBe('PPPPPSPPSS');
    expect(row(4, 4)).toBe('HHHPPHHHHH');
    expect(row(5, 5)).toBe('DDDDDDDDHH');
    expect(row(10, 10)).toBe('SSSSSSSSSS');
  });

  it('returns 99.48 % under basic strategy', () => {
    expect(basicStrategyRtp()).toBeCloseTo(0.994792, 6);
  });

  it('plays the real six-deck game with the computed strategy for what the figure says, within 4σ', () => {
    const serverSeed = randomBytes(32).toString('hex');
    const n = 60_000;
    let sum = 0;
    let squares = 0;
    for (let nonce = 0; nonce < n; nonce += 1) {
      const stream = floats(serverSeed, 'bj', nonce, 40);
      let round = deal(stream);
      if (round.state === 'insurance') round = play(round, 'noInsurance', stream);
      while (round.state === 'playing') {
        const hand = round.hands[round.active]!;
        const values = hand.cards.map((c) => pointsOf(c.rank));
        const allowed = movesOf(round).filter((m) => m !== 'insure' && m !== 'noInsurance');
        const move = strategyMove(values, pointsOf(round.dealer[0]!.rank), allowed);
        round = play(round, move, stream);
      }
      const { returned, staked } = returnsOf(round);
      const net = returned - staked;
      sum += net;
      squares += net * net;
    }
    const mean = sum / n;
    // σ of a round's result is about 1.15 stakes: σ of the mean about 0.0047 here.
    const sigma = Math.sqrt((squares / n - mean * mean) / n);
    expect(Math.abs(1 + mean - basicStrategyRtp())).toBeLessThan(4 * sigma);
    expect(Math.abs(1 + mean - shoeRtp())).toBeLessThan(4 * sigma);
  }, 60_000);
});
