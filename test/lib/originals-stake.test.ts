import { double, halve, isStake, payoutAt } from '@/lib/originals/stake';

describe('the bet form’s arithmetic', () => {
  it('halves and doubles on decimal strings, down to the smallest unit', () => {
    expect(halve('1', 6)).toBe('0.5');
    expect(halve('0.000001', 6)).toBe('0');
    expect(halve('0.00000003', 8)).toBe('0.00000001');
    expect(double('0.5', 6)).toBe('1');
    expect(double('123456789012345678.123456789012345678', 18)).toBe(
      '246913578024691356.246913578024691356',
    );
    expect(double('6', 6, '10')).toBe('10');
    expect(halve('abc', 6)).toBe('abc');
  });

  it('knows a stake it can send', () => {
    expect(isStake('1.5', 6)).toBe(true);
    expect(isStake('0', 6)).toBe(true);
    expect(isStake('1.0000001', 6)).toBe(false);
    expect(isStake('-1', 6)).toBe(false);
    expect(isStake('1e3', 6)).toBe(false);
  });

  it('works out the payout at a decimal multiplier, rounded down', () => {
    expect(payoutAt('1', '2.0204', 6)).toBe('2.0204');
    expect(payoutAt('0.000003', '1.5', 6)).toBe('0.000004');
    expect(payoutAt('3', '0', 6)).toBe('0');
  });
});
