import { createHash } from 'node:crypto';
import type { Line, Posting } from '@/lib/server/wallet/ledger';
import {
  assertBalanced,
  assertPlayers,
  repayFirst,
  requestHash,
  storedMeta,
} from '@/lib/server/wallet/ledger-lines';
import type { BalanceKind, HouseAccount, LedgerType } from '@/lib/server/db/schema';

/*
 * The rules a posting's lines obey before the database is asked (ledger-lines.ts): the request
 * hash a retry is judged by, the checks that refuse a caller's bug, and how returns repay a debt.
 */
const A = 'player-a';
const B = 'player-b';
const n = (value: number) => BigInt(value);
const mine = (amount: number, kind?: BalanceKind, userId = A, currency = 'USDT'): Line => ({
  account: { userId, currency, ...(kind ? { kind } : {}) },
  amount: n(amount),
});
const house = (amount: number, name: HouseAccount = 'originals', currency = 'USDT'): Line => ({
  account: { house: name, currency },
  amount: n(amount),
});
/** A posting of player `userId` (null: of no player). */
const posting = (type: LedgerType, lines: Line[], userId: string | null = A): Posting => ({
  type,
  scope: 'test',
  key: 'k1',
  ...(userId ? { userId } : {}),
  lines,
});
const sha256 = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

describe('storedMeta', () => {
  it('is null without meta, and turns amounts in minor units into decimal strings', () => {
    expect(storedMeta(undefined)).toBeNull();
    expect(
      storedMeta({ stake: n(2500), game: 'dice', rows: [n(1), 2], nested: { x: n(-3) } }),
    ).toEqual({ stake: '2500', game: 'dice', rows: ['1', 2], nested: { x: '-3' } });
  });
});

describe('requestHash', () => {
  const fixed = posting('bet', [mine(-5), house(5)], A);

  it('is the SHA-256 of type, player, kind of lines, lines and meta — the form stored hashes have', () => {
    expect(requestHash({ ...fixed, meta: { chance: n(4950) } }, false)).toBe(
      sha256([
        'bet',
        A,
        'fixed',
        [
          [`player:${A}|USDT|available`, '-5'],
          ['house:originals|USDT|available', '5'],
        ],
        { chance: '4950' },
      ]),
    );
    // Lines decided under the lock: the accounts only, never the placeholder amounts.
    expect(requestHash(fixed, true)).toBe(
      sha256([
        'bet',
        A,
        'under-lock',
        [`player:${A}|USDT|available`, 'house:originals|USDT|available'],
        null,
      ]),
    );
    expect(requestHash(posting('deposit', [house(-5, 'deposits'), mine(5)], null), false)).toBe(
      sha256([
        'deposit',
        null,
        'fixed',
        [
          ['house:deposits|USDT|available', '-5'],
          [`player:${A}|USDT|available`, '5'],
        ],
        null,
      ]),
    );
  });

  it('differs when the player, an amount or the meta differs, not when only the scope or key does', () => {
    const base = requestHash(fixed, false);
    expect(requestHash({ ...fixed, userId: B }, false)).not.toBe(base);
    expect(requestHash({ ...fixed, lines: [mine(-6), house(6)] }, false)).not.toBe(base);
    expect(requestHash({ ...fixed, meta: { chance: 1 } }, false)).not.toBe(base);
    expect(requestHash({ ...fixed, scope: 'other', key: 'k2' }, false)).toBe(base);
    // Under the lock, the amounts asked for are placeholders.
    expect(requestHash({ ...fixed, lines: [mine(-6), house(6)] }, true)).toBe(
      requestHash(fixed, true),
    );
  });
});

describe('assertBalanced', () => {
  it('takes lines that sum to zero in every currency', () => {
    expect(() => assertBalanced([mine(-5), house(2), house(3, 'casino')])).not.toThrow();
    expect(() =>
      assertBalanced([
        mine(-5),
        house(5),
        mine(-1, undefined, A, 'ETH'),
        house(1, 'originals', 'ETH'),
      ]),
    ).not.toThrow();
  });

  it('refuses fewer than two lines, a zero line, and a currency that does not balance', () => {
    expect(() => assertBalanced([])).toThrow('a posting needs at least two lines');
    expect(() => assertBalanced([mine(0)])).toThrow('a posting needs at least two lines');
    expect(() => assertBalanced([mine(0), house(0)])).toThrow('a ledger line cannot be zero');
    expect(() => assertBalanced([mine(-5), house(3)])).toThrow(
      'posting does not balance in USDT: -2',
    );
    // Balanced in all but not in each currency.
    expect(() => assertBalanced([mine(-5), house(5, 'originals', 'ETH')])).toThrow(
      'posting does not balance in USDT: -5',
    );
  });
});

describe('assertPlayers', () => {
  it('refuses lines of a player the posting does not name, or of a second player', () => {
    expect(() =>
      assertPlayers(posting('win', [house(-5), mine(5)], B), [house(-5), mine(5)]),
    ).toThrow('a posting moves money of a player it does not name (test)');
    const two = [mine(-5), mine(5, undefined, B)];
    expect(() => assertPlayers(posting('transfer' as LedgerType, two, A), two)).toThrow(
      'a posting moves money of a player it does not name',
    );
    const unnamed = [house(-5), mine(5)];
    expect(() => assertPlayers(posting('win', unnamed, null), unnamed)).toThrow('does not name');
  });

  it('takes house-only lines, and a return to the player it names', () => {
    const houses = [house(-5, 'deposits'), house(5)];
    expect(() =>
      assertPlayers(posting('adjustment' as LedgerType, houses, null), houses),
    ).not.toThrow();
    const win = [house(-5), mine(5)];
    expect(() => assertPlayers(posting('win', win), win)).not.toThrow();
  });

  it('takes a stake only as a bet of its player; a win or reversal may take a return back', () => {
    const stake = [mine(-5), house(5)];
    expect(() => assertPlayers(posting('bet', stake), stake)).not.toThrow();
    for (const type of ['deposit', 'withdrawal', 'adjustment'] as LedgerType[]) {
      expect(() => assertPlayers(posting(type, stake), stake)).toThrow(
        'a stake must be posted as a bet of its player (test)',
      );
    }
    for (const type of ['win', 'reversal'] as LedgerType[]) {
      expect(() => assertPlayers(posting(type, stake), stake)).not.toThrow();
    }
    // Held per bet on the stake balance: a stake too.
    const held = [mine(-5), mine(5, 'stake')];
    expect(() => assertPlayers(posting('deposit', held), held)).toThrow('a stake must be posted');
  });
});

describe('repayFirst', () => {
  /** A player who owes `debt` in USDT; what was repaid, in order. */
  const owing = (debt: number) => {
    const repaid: Array<[string, string, bigint]> = [];
    let owed = -n(debt);
    return {
      repaid,
      owed: (userId: string, currency: string) =>
        userId === A && currency === 'USDT' ? owed : n(0),
      hear: (userId: string, currency: string, amount: bigint) => {
        repaid.push([userId, currency, amount]);
        owed += amount;
      },
    };
  };
  const receivable = (amount: number, userId = A) => mine(amount, 'receivable', userId);

  it.each(['deposit', 'win', 'bet'] as LedgerType[])(
    'a %s credit repays the debt first, in part',
    (type) => {
      const p = owing(3);
      expect(repayFirst(type, [house(-5), mine(5)], p.owed, p.hear)).toEqual([
        house(-5),
        mine(2),
        receivable(3),
      ]);
      expect(p.repaid).toEqual([[A, 'USDT', n(3)]]);
    },
  );

  it('a credit no larger than the debt goes to the receivable whole', () => {
    const p = owing(5);
    expect(repayFirst('deposit', [house(-5, 'deposits'), mine(5)], p.owed, p.hear)).toEqual([
      house(-5, 'deposits'),
      receivable(5),
    ]);
    const q = owing(9);
    expect(
      repayFirst('deposit', [house(-5, 'deposits'), mine(5, 'withdraw_only')], q.owed, q.hear),
    ).toEqual([house(-5, 'deposits'), receivable(5)]);
    expect(q.repaid).toEqual([[A, 'USDT', n(5)]]);
  });

  it('two credits of one batch repay what is left after the first', () => {
    const p = owing(7);
    expect(
      repayFirst('win', [house(-10), mine(5), mine(5, 'withdraw_only')], p.owed, p.hear),
    ).toEqual([house(-10), receivable(5), mine(3, 'withdraw_only'), receivable(2)]);
    expect(p.repaid).toEqual([
      [A, 'USDT', n(5)],
      [A, 'USDT', n(2)],
    ]);
  });

  it('leaves debits, stakes, bonus money, other currencies, other types and a player who owes nothing', () => {
    const p = owing(5);
    const untouched: Array<[LedgerType, Line[]]> = [
      ['bet', [mine(-5), house(5)]],
      ['bet', [mine(-5), mine(5, 'stake')]],
      ['win', [house(-5), mine(5, 'bonus')]],
      ['win', [house(-5, 'originals', 'ETH'), mine(5, undefined, A, 'ETH')]],
      ['reversal', [house(-5), mine(5)]],
      ['adjustment' as LedgerType, [house(-5), mine(5)]],
      // A zero line (refused elsewhere) is not a credit either.
      ['win', [mine(0)]],
    ];
    for (const [type, lines] of untouched) {
      expect(repayFirst(type, lines, p.owed, p.hear)).toEqual(lines);
    }
    const clear = owing(0);
    expect(repayFirst('deposit', [house(-5, 'deposits'), mine(5)], clear.owed, clear.hear)).toEqual(
      [house(-5, 'deposits'), mine(5)],
    );
    expect([...p.repaid, ...clear.repaid]).toEqual([]);
  });

  it('reads the debt of the credited player and currency', () => {
    const asked: string[] = [];
    repayFirst(
      'win',
      [house(-5), mine(5, undefined, B, 'ETH')],
      (u, c) => {
        asked.push(`${u}|${c}`);
        return n(0);
      },
      () => undefined,
    );
    expect(asked).toEqual([`${B}|ETH`]);
  });
});
