import { capUnits, payoutAt } from '@/lib/server/originals/crash/bets';

/** The two sums every Crash cash-out makes: where the maximum win is reached, and what is paid. */
describe('Crash money', () => {
  const UNIT = BigInt(1_000_000);

  it('capUnits: the multiplier whose payout reaches the maximum win, never under 1.01×', () => {
    expect(capUnits(BigInt(10) * UNIT, BigInt(15) * UNIT)).toBe(150);
    expect(capUnits(BigInt(10) * UNIT, BigInt(10) * UNIT)).toBe(101);
    expect(capUnits(BigInt(3), BigInt(10))).toBe(333);
    // No cap known, nothing staked, or a cap beyond any multiplier: never by itself.
    expect(capUnits(BigInt(10) * UNIT, null)).toBe(Infinity);
    expect(capUnits(BigInt(0), BigInt(10) * UNIT)).toBe(Infinity);
    expect(capUnits(BigInt(1), BigInt(2) ** BigInt(60))).toBe(Infinity);
  });

  it('payoutAt: the stake times the multiplier, floored, and never above the maximum win', () => {
    expect(payoutAt(BigInt(333), 150, null)).toBe(BigInt(499));
    expect(payoutAt(BigInt(10) * UNIT, 250, BigInt(20) * UNIT)).toBe(BigInt(20) * UNIT);
    expect(payoutAt(BigInt(10) * UNIT, 200, BigInt(20) * UNIT)).toBe(BigInt(20) * UNIT);
    expect(payoutAt(BigInt(10) * UNIT, 199, BigInt(20) * UNIT)).toBe(BigInt(19_900_000));
  });
});
