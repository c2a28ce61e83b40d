/**
 * The studio's video slot: lines as the paytable says, the RTP enumerated through the game's own
 * line function and equal to a second evaluator written from the paytable alone, and a simulation
 * through the real generator (lib/fairness) as a check of the wiring.
 */
import { randomBytes } from 'node:crypto';
import { floats } from '@/lib/fairness';
import { FREE_SPINS, STRIPS, lineOf, spin, spinReturn, type SlotSymbol } from '@/studio/games/slot';
import {
  lineWeight,
  lineWeightFromPaytable,
  scatterWeights,
  slotRtp,
} from '@/studio/games/slot-rtp';

const value = (r: { num: bigint; den: bigint }) => Number(r.num) / Number(r.den);

describe('the video slot', () => {
  it('pays a line for the run from the left, wilds standing in', () => {
    const line = (...symbols: SlotSymbol[]) => lineOf(symbols);
    expect(line('seven', 'seven', 'seven', 'lemon', 'lemon')).toEqual({
      symbol: 'seven',
      count: 3,
      pays: 45,
    });
    expect(line('wild', 'wild', 'bell', 'bell', 'cherry')).toEqual({
      symbol: 'bell',
      count: 4,
      pays: 90,
    });
    expect(line('wild', 'wild', 'wild', 'wild', 'wild')).toEqual({
      symbol: 'seven',
      count: 5,
      pays: 900,
    });
    expect(line('cherry', 'cherry', 'lemon', 'cherry', 'cherry').pays).toBe(0);
    expect(line('wild', 'scatter', 'cherry', 'cherry', 'cherry').pays).toBe(0);
    expect(line('lemon', 'wild', 'lemon', 'scatter', 'lemon')).toMatchObject({ count: 3, pays: 6 });
  });

  it('spins five reels from five floats, paying every line and the scatters', () => {
    // Sevens on the middle row: each reel stopped one place above its seven.
    const stops = STRIPS.map((strip) => (strip.indexOf('seven') - 1 + strip.length) % strip.length);
    const result = spin(stops.map((stop, reel) => (stop + 0.5) / STRIPS[reel]!.length));
    expect(result.stops).toEqual(stops);
    expect(result.lines).toContainEqual({ line: 0, symbol: 'seven', count: 5, pays: 900 });
    expect(spinReturn(result)).toBe(result.lines.reduce((t, l) => t + l.pays, 0));
    expect(spinReturn(result, true)).toBe(2 * spinReturn(result));
    expect(() => spin([0.1, 0.2])).toThrow(RangeError);
  });

  it('has an RTP of 96.0596 %: the enumeration and the paytable evaluator agree exactly', () => {
    expect(lineWeight()).toBe(lineWeightFromPaytable());
    const weights = scatterWeights();
    expect(weights.reduce((a, b) => a + b, BigInt(0))).toBe(BigInt(30) ** BigInt(5));
    const rtp = slotRtp();
    expect(rtp.rtp).toEqual({ num: BigInt(8_870_629_337), den: BigInt(9_234_506_250) });
    expect(value(rtp.lines)).toBeCloseTo(0.784087, 6);
    expect(value(rtp.scatters)).toBeCloseTo(0.0212, 6);
    expect(value(rtp.freeSpins)).toBeCloseTo(0.155309, 6);
    // One spin in 116.8 starts free spins; a base spin leads to 0.0964 free spins on average.
    expect(value(rtp.trigger)).toBeCloseTo(0.00856, 6);
    expect(value(rtp.spinsPerSpin)).toBeCloseTo(0.096431, 6);
    expect(FREE_SPINS).toEqual([10, 15, 20]);
  });

  it('pays in a simulation through the real generator what the enumeration says, within 4σ', () => {
    const rtp = slotRtp();
    const base = value(rtp.lines) + value(rtp.scatters);
    const serverSeed = randomBytes(32).toString('hex');
    const n = 100_000;
    let sum = 0;
    let squares = 0;
    let triggers = 0;
    for (let nonce = 0; nonce < n; nonce += 1) {
      const result = spin(floats(serverSeed, 'studio-test', nonce, 5));
      // Per total stake: 20 line stakes.
      const paid = spinReturn(result) / 20;
      sum += paid;
      squares += paid * paid;
      if (result.freeSpins > 0) triggers += 1;
    }
    const mean = sum / n;
    // σ of one base spin's return is about 1.43 total stakes: σ of the mean about 0.0045.
    const sigma = Math.sqrt((squares / n - mean * mean) / n);
    expect(Math.abs(mean - base)).toBeLessThan(4 * sigma);
    const p = value(rtp.trigger);
    expect(Math.abs(triggers / n - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / n));
  }, 30_000);
});
