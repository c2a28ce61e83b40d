import type { Line } from '@/lib/server/wallet/ledger';
import { isStake, playersOf, usageOf } from '@/lib/server/wallet/ledger-stakes';
import type { BalanceKind, HouseAccount } from '@/lib/server/db/schema';

/*
 * What counts as a stake and what a posting adds to the usage counters (the limits read them):
 * pure functions of the lines, checked here without a database.
 */
const A = 'player-a';
const B = 'player-b';
const n = (value: number) => BigInt(value);
const mine = (amount: number, kind?: BalanceKind, currency = 'USDT', userId = A): Line => ({
  account: { userId, currency, ...(kind ? { kind } : {}) },
  amount: n(amount),
});
const house = (amount: number, name: HouseAccount, currency = 'USDT'): Line => ({
  account: { house: name, currency },
  amount: n(amount),
});
const usage = (fields: Partial<Record<string, number>>) => ({
  wager: n(fields.wager ?? 0),
  bonusWager: n(fields.bonusWager ?? 0),
  win: n(fields.win ?? 0),
  deposit: n(fields.deposit ?? 0),
  returned: n(fields.returned ?? 0),
});

describe('isStake', () => {
  it.each(['game', 'casino', 'originals', 'sportsbook'] as const)(
    "a player's money credited to the %s house account is a stake",
    (product) => {
      expect(isStake([mine(-2), house(2, product)])).toBe(true);
    },
  );

  it.each(['available', 'withdraw_only', 'bonus'] as const)('%s money can be staked', (kind) => {
    expect(isStake([mine(-2, kind), house(2, 'originals')])).toBe(true);
  });

  it("money moved to the player's own stake balance is a stake (a bet held until settlement)", () => {
    expect(isStake([mine(-2), mine(2, 'stake')])).toBe(true);
  });

  it('is not a stake: settling a held stake, a house that is no product, a payout, a receivable', () => {
    expect(isStake([mine(-2, 'stake'), house(2, 'sportsbook')])).toBe(false);
    expect(isStake([mine(-2), house(2, 'withdrawals')])).toBe(false);
    expect(isStake([mine(-2), house(2, 'deposits')])).toBe(false);
    expect(isStake([house(-2, 'originals'), mine(2)])).toBe(false);
    expect(isStake([mine(-2, 'receivable'), house(2, 'originals')])).toBe(false);
    expect(isStake([mine(-2, 'held'), house(2, 'casino')])).toBe(false);
    expect(isStake([mine(-2), mine(2, 'held')])).toBe(false);
  });

  it('a zero line decides nothing: neither a zero debit nor a zero credit makes a stake', () => {
    expect(isStake([mine(0), house(2, 'originals'), house(-2, 'deposits')])).toBe(false);
    expect(isStake([mine(-2), house(0, 'originals'), house(2, 'deposits')])).toBe(false);
    expect(isStake([mine(-2), mine(0, 'stake'), house(2, 'deposits')])).toBe(false);
  });
});

describe('playersOf', () => {
  it('names each player once, in the order met, and no house account', () => {
    expect(
      playersOf([house(-3, 'game'), mine(1), mine(1, 'bonus'), mine(1, undefined, 'USDT', B)]),
    ).toEqual([A, B]);
    expect(playersOf([house(-1, 'game'), house(1, 'fees')])).toEqual([]);
  });
});

describe('usageOf', () => {
  it("a bet's stakes: real and bonus apart, in minor units", () => {
    const out = usageOf('bet', A, [
      mine(-5),
      mine(-3, 'bonus'),
      mine(-1, 'withdraw_only'),
      house(9, 'originals'),
    ]);
    expect([...out]).toEqual([['USDT', usage({ wager: 6, bonusWager: 3 })]]);
  });

  it('a bet and its return in one posting: the stake as wager, the return as a win', () => {
    const out = usageOf('bet', A, [
      mine(-2),
      house(2, 'originals'),
      house(-3, 'originals'),
      mine(3),
    ]);
    expect(out.get('USDT')).toEqual(usage({ wager: 2, win: 3 }));
  });

  it("a stake held on the player's stake balance is wagered once; the held line is no win", () => {
    expect(usageOf('bet', A, [mine(-2), mine(2, 'stake')]).get('USDT')).toEqual(
      usage({ wager: 2 }),
    );
  });

  it('a bet that is not a stake (its held stake settled to the house) adds nothing', () => {
    expect(usageOf('bet', A, [mine(-2, 'stake'), house(2, 'sportsbook')]).size).toBe(0);
  });

  it('a bet crediting a receivable or withdraw-only or bonus money counts it as won', () => {
    const out = usageOf('bet', A, [
      mine(-4),
      house(4, 'casino'),
      house(-7, 'casino'),
      mine(1, 'receivable'),
      mine(2, 'withdraw_only'),
      mine(4, 'bonus'),
    ]);
    expect(out.get('USDT')).toEqual(usage({ wager: 4, win: 7 }));
  });

  it('a win counts what lands on every spendable balance, a receivable repaid included', () => {
    const out = usageOf('win', A, [
      house(-10, 'originals'),
      mine(2, 'receivable'),
      mine(3),
      mine(1, 'withdraw_only'),
      mine(4, 'bonus'),
    ]);
    expect(out.get('USDT')).toEqual(usage({ win: 10 }));
  });

  it('a win taken back (a resettlement) is a negative win; a line to the stake balance is not one', () => {
    expect(usageOf('win', A, [mine(-3), house(3, 'originals')]).get('USDT')).toEqual(
      usage({ win: -3 }),
    );
    expect(usageOf('win', A, [house(-3, 'sportsbook'), mine(3, 'stake')]).size).toBe(0);
  });

  it("a deposit's credits, wherever they land; a debit inside it is no deposit", () => {
    const out = usageOf('deposit', A, [
      house(-10, 'deposits'),
      mine(4, 'receivable'),
      mine(6),
      mine(-1, 'held'),
      mine(1, 'withdraw_only'),
    ]);
    expect(out.get('USDT')).toEqual(usage({ deposit: 11 }));
  });

  it('a reversal gives a stake back (returned) or takes a return back (a negative win)', () => {
    expect(usageOf('reversal', A, [house(-2, 'originals'), mine(2)]).get('USDT')).toEqual(
      usage({ returned: 2 }),
    );
    expect(usageOf('reversal', A, [mine(-3), house(3, 'originals')]).get('USDT')).toEqual(
      usage({ win: -3 }),
    );
    expect(usageOf('reversal', A, [house(-2, 'sportsbook'), mine(2, 'stake')]).size).toBe(0);
  });

  it('only the posting player counts, each currency apart, lines of one currency summed', () => {
    const out = usageOf('bet', A, [
      mine(-2),
      mine(-3),
      house(5, 'game'),
      mine(-7, undefined, 'BTC'),
      house(7, 'game', 'BTC'),
      mine(-9, undefined, 'USDT', B),
    ]);
    expect(out.get('USDT')).toEqual(usage({ wager: 5 }));
    expect(out.get('BTC')).toEqual(usage({ wager: 7 }));
    expect(out.size).toBe(2);
  });

  it('holds, releases, withdrawals and adjustments add nothing', () => {
    for (const type of ['hold', 'release', 'withdrawal', 'adjustment'] as const) {
      expect(usageOf(type, A, [mine(-2), mine(2, 'held')]).size).toBe(0);
    }
  });
});
