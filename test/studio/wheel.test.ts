/**
 * The studio's money wheel: the layout is the stated one, ×2 segments double the next win up to
 * ×1024, and each bet's RTP is exact — and within 10⁻¹² of the uncapped closed form.
 */
import {
  SEGMENTS,
  SEGMENT_COUNTS,
  WHEEL_BETS,
  returnOf,
  segmentAt,
  spinWheel,
  wheelRtp,
} from '@/studio/games/wheel';

const value = (r: { num: bigint; den: bigint }) => Number(r.num) / Number(r.den);
/** A float that stops the wheel on the first segment showing `segment`. */
const on = (segment: (typeof SEGMENTS)[number]) =>
  (SEGMENTS.indexOf(segment) + 0.5) / SEGMENTS.length;

describe('the money wheel', () => {
  it('has 54 segments as listed, like ones never side by side', () => {
    expect(SEGMENTS).toHaveLength(54);
    for (const [segment, count] of Object.entries(SEGMENT_COUNTS)) {
      expect(SEGMENTS.filter((s) => String(s) === segment)).toHaveLength(count);
    }
    SEGMENTS.forEach((s, i) => expect(SEGMENTS[(i + 1) % SEGMENTS.length]).not.toBe(s));
    expect(segmentAt(0)).toBe(0);
    expect(segmentAt(1 - 2 ** -32)).toBe(53);
  });

  it('spins again on ×2 and doubles the next win, up to ×1024', () => {
    const spun = (...floats: number[]) => spinWheel(() => floats.shift()!);
    const doubled = spun(on('x2'), on(47));
    expect(doubled).toMatchObject({ result: 47, multiplier: 2 });
    expect(doubled.stops).toHaveLength(2);
    expect(returnOf(47, doubled, BigInt(10))).toBe(BigInt(10 + 10 * 47 * 2));
    expect(returnOf(3, doubled, BigInt(10))).toBe(BigInt(0));
    expect(spun(on(5))).toMatchObject({ result: 5, multiplier: 1 });
    const long = spun(...Array.from({ length: 12 }, () => on('x2')), on(1));
    expect(long).toMatchObject({ result: 1, multiplier: 1024 });
    expect(long.stops).toHaveLength(13);
  });

  it('returns 94.15 % to 95.92 % by bet, exactly', () => {
    const percent = WHEEL_BETS.map((bet) => Number((value(wheelRtp(bet)) * 100).toFixed(4)));
    expect(percent).toEqual([94.1538, 95.0769, 95.3846, 95.6923, 95.7692, 95.9231]);
    // Without the cap, k doublings first: q (1 / (1 − p) + v / (1 − 2p)), p = 2/54.
    const p = 2 / 54;
    for (const bet of WHEEL_BETS) {
      const q = SEGMENT_COUNTS[bet] / 54;
      expect(Math.abs(value(wheelRtp(bet)) - q * (1 / (1 - p) + bet / (1 - 2 * p)))).toBeLessThan(
        1e-12,
      );
    }
  });
});
