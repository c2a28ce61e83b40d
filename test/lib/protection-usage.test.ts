import { PgDialect } from 'drizzle-orm/pg-core';
import { effectiveAmount, usedFor } from '@/lib/server/protection/limits';
import { countUsage } from '@/lib/server/protection/counters';
import { lossOf, wageredOf, windowStart, type Usage } from '@/lib/server/protection/usage';
import type { UsageDelta } from '@/lib/server/wallet/ledger-stakes';

/*
 * The arithmetic of player protection, without a database: which hours a window holds, what counts
 * toward each kind of limit, which limit is in force, and what a posting adds to the counters. The
 * limits refusing real bets are tested in test/server/protection.test.ts.
 */
const HOUR = 3_600_000;
const usage = (fields: Partial<Usage>): Usage => ({
  deposit: 0,
  wager: 0,
  bonusWager: 0,
  win: 0,
  returned: 0,
  ...fields,
});

describe('windowStart', () => {
  const at = Date.UTC(2026, 10, 27, 18, 42, 7, 500);

  it('starts a day window at the start of the hour 23 hours before this one', () => {
    expect(windowStart(at, 24 * HOUR).toISOString()).toBe('2026-11-26T19:00:00.000Z');
  });

  it('holds whole hours: on the hour and a moment before it give the same window minus an hour', () => {
    const onTheHour = Date.UTC(2026, 10, 27, 18, 0, 0, 0);
    expect(windowStart(onTheHour, 24 * HOUR).toISOString()).toBe('2026-11-26T19:00:00.000Z');
    expect(windowStart(onTheHour - 1, 24 * HOUR).toISOString()).toBe('2026-11-26T18:00:00.000Z');
  });

  it('a 30-day window is 720 hourly counters', () => {
    const since = windowStart(at, 30 * 24 * HOUR).getTime();
    const thisHour = Math.floor(at / HOUR) * HOUR;
    expect((thisHour - since) / HOUR + 1).toBe(720);
  });
});

describe('what counts toward a limit', () => {
  it('a wager limit counts real and bonus stakes, less stakes given back, never below zero', () => {
    expect(wageredOf(usage({ wager: 30, bonusWager: 20, returned: 5 }))).toBe(45);
    expect(wageredOf(usage({ wager: 5, returned: 10 }))).toBe(0);
    expect(wageredOf(usage({ win: 1000 }))).toBe(0);
  });

  it('a loss limit counts real stakes less returns and wins; bonus stakes never', () => {
    expect(lossOf(usage({ wager: 100, bonusWager: 500, win: 30, returned: 20 }))).toBe(50);
    // A player who is ahead has lost nothing.
    expect(lossOf(usage({ wager: 100, win: 150 }))).toBe(0);
    expect(lossOf(usage({ wager: 100, returned: 100 }))).toBe(0);
  });

  it('each kind reads its own figure', () => {
    const used = usage({ deposit: 70, wager: 40, bonusWager: 10, win: 15, returned: 5 });
    expect(usedFor('deposit', used)).toBe(70);
    expect(usedFor('wager', used)).toBe(45);
    expect(usedFor('loss', used)).toBe(20);
  });
});

describe('effectiveAmount', () => {
  const now = Date.UTC(2026, 10, 27, 12);
  const row = (pendingAt: Date | null) =>
    ({ amount: 100, pendingAmount: 500, pendingAt }) as Parameters<typeof effectiveAmount>[0];

  it('the limit in force until a waiting increase is due, that increase from the moment it is', () => {
    expect(effectiveAmount(row(null), now)).toBe(100);
    expect(effectiveAmount(row(new Date(now + 1)), now)).toBe(100);
    expect(effectiveAmount(row(new Date(now)), now)).toBe(500);
    expect(effectiveAmount(row(new Date(now - 1)), now)).toBe(500);
  });

  it('a removal that is due leaves no limit', () => {
    const removal = { ...row(new Date(now - 1)), pendingAmount: null };
    expect(effectiveAmount(removal, now)).toBeNull();
  });
});

describe('countUsage', () => {
  const zero: UsageDelta = {
    wager: BigInt(0),
    bonusWager: BigInt(0),
    win: BigInt(0),
    deposit: BigInt(0),
    returned: BigInt(0),
  };
  const dialect = new PgDialect();
  const A = '00000000-0000-4000-8000-00000000000a';

  it('writes nothing when nothing counts', () => {
    expect(countUsage([])).toBeNull();
    expect(countUsage([{ userId: A, currency: 'USDT', delta: zero }])).toBeNull();
  });

  it('adds each moved figure, as an exact decimal, to the hour of the posting', () => {
    const big = BigInt('123456789012345678901234567890');
    const statement = countUsage([
      { userId: A, currency: 'USDT', delta: zero },
      { userId: A, currency: 'BTC', delta: { ...zero, win: big } },
      { userId: A, currency: 'ETH', delta: { ...zero, returned: BigInt(-7) } },
    ]);
    const { sql: text, params } = dialect.sqlToQuery(statement!);
    // The zero row is left out; the others are one row each.
    expect(params).toEqual([
      A,
      'BTC',
      '0',
      '0',
      big.toString(),
      '0',
      '0',
      A,
      'ETH',
      '0',
      '0',
      '0',
      '0',
      '-7',
    ]);
    expect(text).toContain("date_trunc('hour', now())");
    for (const column of ['wager', 'bonus_wager', 'win', 'deposit', 'returned']) {
      expect(text).toContain(`${column} = usage_hours.${column} + excluded.${column}`);
    }
  });
});
