/**
 * The posting core's rules on the embedded database: who may stake, what counts toward the limits,
 * lines decided under the lock, several postings in one commit, the balance kinds. The races run on
 * PostgreSQL (test/server/posting-races.test.ts).
 */
import { sql } from 'drizzle-orm';
import { closeDb, getDbHandle } from '@/lib/server/db';
import { ApiError } from '@/lib/server/http/api-error';
import { setLimit } from '@/lib/server/protection/limits';
import { usageByPeriod } from '@/lib/server/protection/usage';
import { createPlayer, findPlayer } from '@/lib/server/players/store';
import { requestWithdrawal } from '@/lib/server/wallet/withdrawals';
import { checkLedger } from '@/lib/server/wallet/ledger-check';
import { post, postMany, type Line, type Posting } from '@/lib/server/wallet/ledger';
import { fund, hotWalletOnEthereum } from './helpers/wallet';

// Withdrawals are taken only where something pays them.
beforeAll(() => hotWalletOnEthereum());
afterAll(() => closeDb());

// USDT keeps 6 decimals and counts 1 USD at the built-in rates.
const UNIT = BigInt(10) ** BigInt(6);
const usdt = (n: number) => BigInt(n) * UNIT;

let n = 0;
async function funded(amount = usdt(1000)) {
  const userId = (await createPlayer({ email: `core${(n += 1)}@example.com`, status: 'active' }))
    .id;
  await fund(userId, 'USDT', amount);
  return userId;
}

const me = (
  userId: string,
  kind?: 'bonus' | 'withdraw_only' | 'stake' | 'receivable' | 'held',
) => ({
  userId,
  currency: 'USDT',
  kind,
});
const originals = { house: 'originals' as const, currency: 'USDT' };
const move = (from: Line['account'], to: Line['account'], amount: bigint): Line[] => [
  { account: from, amount: -amount },
  { account: to, amount },
];

/** Bonus money from the house's bonus account, as a bonus engine would grant it. */
const grantBonus = (userId: string, amount: bigint) =>
  post({
    type: 'bonus',
    scope: 't',
    key: `grant-${userId}`,
    userId,
    lines: move({ house: 'bonus', currency: 'USDT' }, me(userId, 'bonus'), amount),
  });

async function kinds(userId: string): Promise<Record<string, string>> {
  const { sql } = await getDbHandle();
  const { rows } = await sql(
    `SELECT kind, balance::text AS b FROM ledger_accounts WHERE owner = $1 AND currency = 'USDT'`,
    [`player:${userId}`],
  );
  return Object.fromEntries(rows.map((r) => [String(r.kind), String(r.b)]));
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof ApiError ? error.code : String(error)),
  );

describe('who may stake', () => {
  it('refuses a stake that names no player, another player, or is not a bet', async () => {
    const userId = await funded();
    const other = await funded();
    const stake = move(me(userId), originals, usdt(5));
    const nobody: Posting = { type: 'bet', scope: 't', key: 'no-user', lines: stake };
    expect(await codeOf(post(nobody))).toMatch(/does not name/);
    expect(await codeOf(post({ ...nobody, key: 'other', userId: other }))).toMatch(/does not name/);
    expect(await codeOf(post({ ...nobody, key: 'as-hold', type: 'hold', userId }))).toMatch(
      /stake must be posted as a bet/,
    );
    // Into the player's own stake balance is a stake too (a sportsbook bet held until settled).
    const held = move(me(userId), me(userId, 'stake'), usdt(5));
    expect(
      await codeOf(post({ type: 'hold', scope: 't', key: 'own-stake', userId, lines: held })),
    ).toMatch(/stake must be posted as a bet/);
    expect(await kinds(userId)).toEqual({ available: String(usdt(1000)) });
  });

  it('counts stakes from withdraw-only and bonus money; bonus stakes never toward a loss', async () => {
    const userId = await funded(usdt(10));
    await grantBonus(userId, usdt(30));
    await post({
      type: 'deposit',
      scope: 't',
      key: `wo-${userId}`,
      userId,
      lines: move({ house: 'deposits', currency: 'USDT' }, me(userId, 'withdraw_only'), usdt(20)),
    });
    const stake = (from: Line['account'], amount: bigint, key: string) =>
      post({ type: 'bet', scope: 't', key, userId, lines: move(from, originals, amount) });
    await stake(me(userId, 'withdraw_only'), usdt(20), `s1-${userId}`);
    await stake(me(userId, 'bonus'), usdt(30), `s2-${userId}`);
    const usage = (await usageByPeriod(userId)).day;
    expect(usage).toMatchObject({ wager: 20, bonusWager: 30 });
    // Past a 45 USD wager limit (50 staked) but within a 25 USD loss limit (20 of real money lost).
    await setLimit(userId, { kind: 'loss', period: 'day', amount: 25 });
    expect(await codeOf(stake(me(userId), usdt(5), `s3-${userId}`))).toBeNull();
    expect(await codeOf(stake(me(userId), usdt(1), `s4-${userId}`))).toBe('LOSS_LIMIT_REACHED');
    await setLimit(userId, { kind: 'wager', period: 'day', amount: 45 });
    expect(await codeOf(stake(me(userId), usdt(1), `s5-${userId}`))).toBe('WAGER_LIMIT_REACHED');
  });

  it("values a stake at its currency's rate, and counts what is staked, not a return beside it", async () => {
    const userId = await funded(usdt(100));
    await fund(userId, 'ETH', BigInt(10) ** BigInt(8));
    await setLimit(userId, { kind: 'wager', period: 'day', amount: 40 });
    const eth = (key: string) =>
      post({
        type: 'bet',
        scope: 't',
        key: `${key}-${userId}`,
        userId,
        // 0.01 ETH (8 decimals) at the built-in 3,000 USD: 30 USD.
        lines: move(
          { userId, currency: 'ETH' },
          { house: 'originals', currency: 'ETH' },
          BigInt(10) ** BigInt(6),
        ),
      });
    expect(await codeOf(eth('e1'))).toBeNull();
    expect(await codeOf(eth('e2'))).toBe('WAGER_LIMIT_REACHED');
    // 5 staked with 20 returned in the same posting: 35 wagered, within 40.
    const both = post({
      type: 'bet',
      scope: 't',
      key: `both-${userId}`,
      userId,
      lines: [...move(me(userId), originals, usdt(5)), ...move(originals, me(userId), usdt(20))],
    });
    expect(await codeOf(both)).toBeNull();
    expect((await usageByPeriod(userId)).day).toMatchObject({ wager: 35, win: 20 });
  });

  it('a bonus stake passes a loss limit the real money has reached', async () => {
    const userId = await funded(usdt(100));
    await grantBonus(userId, usdt(30));
    await setLimit(userId, { kind: 'loss', period: 'day', amount: 25 });
    const stake = (from: Line['account'], amount: bigint, key: string) =>
      post({ type: 'bet', scope: 't', key, userId, lines: move(from, originals, amount) });
    expect(await codeOf(stake(me(userId), usdt(20), `real-${userId}`))).toBeNull();
    expect(await codeOf(stake(me(userId, 'bonus'), usdt(10), `bonus-${userId}`))).toBeNull();
    expect(await codeOf(stake(me(userId), usdt(6), `over-${userId}`))).toBe('LOSS_LIMIT_REACHED');
  });

  it('a bet and its win in one commit: a player who is ahead never reaches a loss limit', async () => {
    // Review probe P2: stake 10, return 20, eight rounds, a 50 USD loss limit.
    const userId = await funded();
    await setLimit(userId, { kind: 'loss', period: 'day', amount: 50 });
    const round = (i: number) =>
      postMany([
        {
          type: 'bet',
          scope: 'dice',
          key: `b-${userId}-${i}`,
          userId,
          lines: move(me(userId), originals, usdt(10)),
        },
        {
          type: 'win',
          scope: 'dice',
          key: `w-${userId}-${i}`,
          userId,
          lines: move(originals, me(userId), usdt(20)),
        },
      ]);
    for (let i = 0; i < 8; i++) expect(await codeOf(round(i))).toBeNull();
    expect((await usageByPeriod(userId)).day).toMatchObject({ wager: 80, win: 160 });
    expect(await kinds(userId)).toEqual({ available: String(usdt(1080)) });
    // A single posting with both lines counts the same: the return inside a bet is a win.
    await post({
      type: 'bet',
      scope: 'dice',
      key: `one-${userId}`,
      userId,
      lines: [...move(me(userId), originals, usdt(10)), ...move(originals, me(userId), usdt(20))],
    });
    expect((await usageByPeriod(userId)).day).toMatchObject({ wager: 90, win: 180 });
  });

  it('a refund takes the stake off the wager and the loss; a take-back is a negative win, never refused', async () => {
    const userId = await funded(usdt(100));
    await setLimit(userId, { kind: 'loss', period: 'day', amount: 30 });
    const bet = (key: string, amount: number) =>
      post({
        type: 'bet',
        scope: 'sb',
        key: `${key}-${userId}`,
        userId,
        lines: move(me(userId), originals, usdt(amount)),
      });
    await bet('a', 30);
    expect(await codeOf(bet('b', 1))).toBe('LOSS_LIMIT_REACHED');
    await post({
      type: 'reversal',
      scope: 'sb',
      key: `void-a-${userId}`,
      userId,
      lines: move(originals, me(userId), usdt(30)),
    });
    expect((await usageByPeriod(userId)).day).toMatchObject({ wager: 30, returned: 30 });
    expect(await codeOf(bet('c', 10))).toBeNull();
    await post({
      type: 'win',
      scope: 'sb',
      key: `win-c-${userId}`,
      userId,
      lines: move(originals, me(userId), usdt(25)),
    });
    // The result is corrected: the 25 returned is taken back, whatever the loss limit says.
    expect(
      await codeOf(
        post({
          type: 'win',
          scope: 'sb',
          key: `fix-c-${userId}`,
          userId,
          lines: move(me(userId), originals, usdt(25)),
        }),
      ),
    ).toBeNull();
    expect((await usageByPeriod(userId)).day).toMatchObject({ wager: 40, win: 0, returned: 30 });
  });
});

describe('lines decided under the lock', () => {
  it('reads the balance under the lock and moves exactly it', async () => {
    const userId = await funded(usdt(7));
    const posted = await post(
      {
        type: 'hold',
        scope: 't',
        key: `all-${userId}`,
        userId,
        lines: move(me(userId), me(userId, 'held'), BigInt(0)),
      },
      {
        linesUnderLock: async (_tx, balances) =>
          move(me(userId), me(userId, 'held'), balances.of(me(userId))),
      },
    );
    expect(await kinds(userId)).toEqual({ available: '0', held: String(usdt(7)) });
    expect(posted.balances).toEqual(
      expect.arrayContaining([
        { account: { userId, currency: 'USDT', kind: 'available' }, balance: BigInt(0) },
        { account: { userId, currency: 'USDT', kind: 'held' }, balance: usdt(7) },
      ]),
    );
  });

  it('a posting that comes to nothing keeps its key: a retry answers it and moves nothing', async () => {
    const userId = await funded(usdt(5));
    const lost = () =>
      postMany(
        [
          {
            type: 'bet',
            scope: 'dice',
            key: `stake-${userId}`,
            userId,
            lines: move(me(userId), originals, usdt(5)),
            meta: { target: 50 },
          },
          {
            type: 'win',
            scope: 'dice',
            key: `pay-${userId}`,
            userId,
            lines: move(originals, me(userId), BigInt(0)),
            meta: { target: 50 },
          },
        ],
        { linesUnderLock: async () => [move(me(userId), originals, usdt(5)), []] },
      );
    const first = await lost();
    expect(first.map((p) => [p.replayed, p.empty ?? false])).toEqual([
      [false, false],
      [false, true],
    ]);
    const again = await lost();
    expect(again.map((p) => [p.transactionId, p.replayed, p.empty ?? false])).toEqual([
      [first[0]!.transactionId, true, false],
      [first[1]!.transactionId, true, true],
    ]);
    expect(await kinds(userId)).toEqual({ available: '0' });
    expect(await checkLedger()).toEqual([]);
  });

  it('two postings that both come to nothing keep both keys', async () => {
    const userId = await funded(usdt(5));
    const zero = (n: number) => ({
      type: 'win' as const,
      scope: 'dice',
      key: `zero-${n}-${userId}`,
      userId,
      lines: move(originals, me(userId), BigInt(0)),
      meta: { round: n },
    });
    const both = () => postMany([zero(1), zero(2)], { linesUnderLock: async () => [[], []] });
    const first = await both();
    expect(first.map((p) => [p.replayed, p.empty ?? false])).toEqual([
      [false, true],
      [false, true],
    ]);
    const again = await both();
    expect(again.map((p) => [p.transactionId, p.replayed, p.empty ?? false])).toEqual([
      [first[0]!.transactionId, true, true],
      [first[1]!.transactionId, true, true],
    ]);
    expect(await kinds(userId)).toEqual({ available: String(usdt(5)) });
    expect(await checkLedger()).toEqual([]);
  });

  it("writes a product's rows with the entries, and its check undoes the whole posting", async () => {
    const userId = await funded(usdt(10));
    const { sql: raw } = await getDbHandle();
    await raw('CREATE TABLE IF NOT EXISTS alongside_probe (key text PRIMARY KEY, n int)');
    const seen: unknown[] = [];
    const hold = (key: string, refuse: boolean) =>
      postMany(
        [
          {
            type: 'hold',
            scope: 't',
            key,
            userId,
            lines: move(me(userId), me(userId, 'held'), usdt(4)),
          },
        ],
        {
          alongside: () => ({
            parts: [
              sql`probe AS (INSERT INTO alongside_probe (key, n) VALUES (${key}, 7) RETURNING n)`,
            ],
            value: sql`(SELECT n FROM probe)`,
            check: (value) => {
              seen.push(value);
              if (refuse) throw new ApiError('SPORTS_LIABILITY_LIMIT');
            },
          }),
        },
      );
    const [kept] = await hold(`along-${userId}-1`, false);
    expect(kept!.replayed).toBe(false);
    expect(await codeOf(hold(`along-${userId}-2`, true))).toBe('SPORTS_LIABILITY_LIMIT');
    // Each check saw the value its statement selected.
    expect(seen).toEqual([7, 7]);
    const { rows } = await raw('SELECT key FROM alongside_probe ORDER BY key');
    expect(rows).toEqual([{ key: `along-${userId}-1` }]);
    expect(await kinds(userId)).toEqual({ available: String(usdt(6)), held: String(usdt(4)) });
    const { rows: keys } = await raw(`SELECT key FROM ledger_transactions WHERE key = $1`, [
      `along-${userId}-2`,
    ]);
    expect(keys).toEqual([]);
    expect(await checkLedger()).toEqual([]);
  });

  it('a batch half new and half used is a 422, and nothing of it is written', async () => {
    const userId = await funded();
    const deposit = (key: string): Posting => ({
      type: 'deposit',
      scope: 'mixed',
      key: `${key}-${userId}`,
      userId,
      lines: move({ house: 'deposits', currency: 'USDT' }, me(userId), usdt(1)),
    });
    await post(deposit('a'));
    expect(await codeOf(postMany([deposit('a'), deposit('b')]))).toBe('IDEMPOTENCY_KEY_REUSED');
    const { sql } = await getDbHandle();
    const { rows } = await sql(
      `SELECT count(*)::int AS n FROM ledger_transactions WHERE key = $1`,
      [`b-${userId}`],
    );
    expect(rows[0]?.n).toBe(0);
    expect(await kinds(userId)).toEqual({ available: String(usdt(1001)) });
  });

  it('refuses post() from inside a posting: a nested transaction would wait on its own locks', async () => {
    const userId = await funded();
    const nested = post(
      {
        type: 'deposit',
        scope: 't',
        key: `outer-${userId}`,
        userId,
        lines: move({ house: 'deposits', currency: 'USDT' }, me(userId), usdt(1)),
      },
      {
        inTransaction: async () => {
          await post({
            type: 'deposit',
            scope: 't',
            key: `inner-${userId}`,
            userId,
            lines: move({ house: 'deposits', currency: 'USDT' }, me(userId), usdt(1)),
          });
        },
      },
    );
    expect(await codeOf(nested)).toMatch(/inside a posting/);
    expect(await kinds(userId)).toEqual({ available: String(usdt(1000)) });
  });
});

describe("a caller's mistakes", () => {
  it('are refused before anything is written', async () => {
    const userId = await funded(usdt(10));
    const stake = (key: string): Posting => ({
      type: 'bet',
      scope: 'mistakes',
      key,
      userId,
      lines: move(me(userId), originals, usdt(1)),
    });
    const eth = { userId, currency: 'ETH' };
    const refusals = [
      [postMany([]), 'postMany needs at least one posting'],
      [postMany([stake('same'), stake('same')]), 'two postings of one batch share a key'],
      [
        post({ ...stake('no-account'), lines: [] }, { linesUnderLock: async () => [] }),
        'a posting names no account',
      ],
      [
        postMany([stake('count-1'), stake('count-2')], {
          linesUnderLock: async () => [move(me(userId), originals, usdt(1))],
        }),
        'linesUnderLock must answer one list of lines per posting',
      ],
      [
        post(stake('unbalanced'), {
          linesUnderLock: async () => [
            { account: me(userId), amount: -usdt(1) },
            { account: originals, amount: usdt(2) },
          ],
        }),
        'posting does not balance in USDT',
      ],
      [
        post(stake('other-currency'), {
          // One line pair in the posting's currency, one outside it: any such line is refused.
          linesUnderLock: async () => [
            ...move(me(userId), originals, usdt(1)),
            ...move(eth, { house: 'originals', currency: 'ETH' }, UNIT),
          ],
        }),
        'a line decided under the lock names a currency its posting did not',
      ],
      [
        post({
          ...stake('receivable-up'),
          type: 'win',
          lines: move(originals, me(userId, 'receivable'), usdt(1)),
        }),
        'a receivable cannot go above zero',
      ],
      [
        post(stake('unlocked'), {
          linesUnderLock: async (_tx, balances) => move(me(userId), originals, balances.of(eth)),
        }),
        `the balance of ${userId} in ETH is not locked by this posting`,
      ],
    ] as const;
    for (const [attempt, message] of refusals) expect(await codeOf(attempt)).toContain(message);
    const { sql } = await getDbHandle();
    const { rows } = await sql(
      `SELECT count(*)::int AS n FROM ledger_transactions WHERE scope = 'mistakes'`,
    );
    expect(rows[0]).toEqual({ n: 0 });
    expect(await kinds(userId)).toEqual({ available: String(usdt(10)) });
  });

  it("stores the posting's player, and no meta when none was given", async () => {
    const userId = await funded(usdt(10));
    const { transactionId } = await post({
      type: 'bet',
      scope: 'stored',
      key: userId,
      userId,
      lines: move(me(userId), originals, usdt(1)),
    });
    const { sql } = await getDbHandle();
    const { rows } = await sql(
      'SELECT user_id, meta IS NULL AS no_meta FROM ledger_transactions WHERE id = $1',
      [transactionId],
    );
    expect(rows[0]).toEqual({ user_id: userId, no_meta: true });
  });
});

describe('a batch', () => {
  it("of two players: each posting answers its own player's balances, and every house row moves", async () => {
    const a = await funded(usdt(10));
    const b = await funded(usdt(10));
    const house = (name: 'deposits' | 'fees') => ({ house: name, currency: 'USDT' });
    const posted = await postMany([
      {
        type: 'bet',
        scope: 'pair',
        key: `a-${a}`,
        userId: a,
        lines: move(me(a), originals, usdt(2)),
      },
      {
        type: 'bet',
        scope: 'pair',
        key: `b-${b}`,
        userId: b,
        lines: move(me(b), originals, usdt(3)),
      },
      // Two house accounts in one posting: a deposit and its fee.
      {
        type: 'deposit',
        scope: 'pair',
        key: `fee-${a}`,
        userId: a,
        lines: [
          { account: house('deposits'), amount: -usdt(5) },
          { account: me(a), amount: usdt(4) },
          { account: house('fees'), amount: usdt(1) },
        ],
      },
    ]);
    const answered = posted.map((p) =>
      p.balances.map(({ account, balance }) => [account.userId, account.kind, String(balance)]),
    );
    expect(answered).toEqual([
      [[a, 'available', String(usdt(12))]],
      [[b, 'available', String(usdt(7))]],
      [[a, 'available', String(usdt(12))]],
    ]);
    expect(posted.map((p) => p.withdrawOnly)).toEqual([false, false, false]);
    expect(await checkLedger()).toEqual([]);
  });

  it('covers each posting in order: a stake its own payout would cover is refused', async () => {
    const userId = await funded(usdt(10));
    const round = (stake: bigint, key: string, order: 'stake-first' | 'payout-first') => {
      const bet = { type: 'bet' as const, scope: 'order', key: `${key}-s`, userId };
      const win = { type: 'win' as const, scope: 'order', key: `${key}-w`, userId };
      const postings = [
        { ...bet, lines: move(me(userId), originals, stake) },
        { ...win, lines: move(originals, me(userId), stake * BigInt(2)) },
      ];
      return codeOf(postMany(order === 'stake-first' ? postings : postings.reverse()));
    };
    // 11 staked from 10 and 22 paid after: the batch ends at 21, but the stake was never covered.
    expect(await round(usdt(11), `over-${userId}`, 'stake-first')).toBe('INSUFFICIENT_FUNDS');
    expect(await kinds(userId)).toEqual({ available: String(usdt(10)) });
    // Paid first, the same money covers the stake that follows it.
    expect(await round(usdt(11), `paid-${userId}`, 'payout-first')).toBeNull();
    expect(await round(usdt(10), `all-${userId}`, 'stake-first')).toBeNull();
    expect(await kinds(userId)).toEqual({ available: String(usdt(31)) });
  });

  it("of one player's postings adds them all up in the counters: stakes, bonus stakes, deposits, returns", async () => {
    const userId = await funded(usdt(100));
    await grantBonus(userId, usdt(20));
    const before = (await usageByPeriod(userId)).day;
    let k = 0;
    const one = (type: Posting['type'], lines: Line[]): Posting => ({
      type,
      scope: 'sums',
      key: `${userId}-${(k += 1)}`,
      userId,
      lines,
    });
    const deposits = { house: 'deposits' as const, currency: 'USDT' };
    await postMany([
      one('bet', move(me(userId), originals, usdt(10))),
      one('bet', move(me(userId), originals, usdt(5))),
      one('bet', move(me(userId, 'bonus'), originals, usdt(4))),
      one('bet', move(me(userId, 'bonus'), originals, usdt(6))),
      one('deposit', move(deposits, me(userId), usdt(7))),
      one('deposit', move(deposits, me(userId), usdt(3))),
      one('reversal', move(originals, me(userId), usdt(2))),
      one('reversal', move(originals, me(userId), usdt(1))),
    ]);
    const after = (await usageByPeriod(userId)).day;
    const added = Object.fromEntries(
      (['wager', 'bonusWager', 'deposit', 'returned', 'win'] as const).map((f) => [
        f,
        after[f] - before[f],
      ]),
    );
    expect(added).toEqual({ wager: 15, bonusWager: 10, deposit: 10, returned: 3, win: 0 });
  });
});

describe('what a player owes', () => {
  it("two wins in one batch repay the debt once, down to zero, and the rest is the player's", async () => {
    const userId = await funded(usdt(10));
    // Owes 15: a take-back of 25 against a balance of 10.
    await post({
      type: 'win',
      scope: 'sb',
      key: `owe-${userId}`,
      userId,
      lines: [
        { account: me(userId), amount: -usdt(10) },
        { account: me(userId, 'receivable'), amount: -usdt(15) },
        { account: originals, amount: usdt(25) },
      ],
    });
    await postMany(
      [1, 2].map((i) => ({
        type: 'win' as const,
        scope: 'sb',
        key: `repay-${i}-${userId}`,
        userId,
        lines: move(originals, me(userId), usdt(10)),
      })),
    );
    expect(await kinds(userId)).toEqual({ available: String(usdt(5)), receivable: '0' });
    expect(await checkLedger()).toEqual([]);
  });

  it('a take-back past the balance goes to the receivable; withdrawals wait; a deposit repays it first', async () => {
    const userId = await funded(usdt(10));
    await post(
      {
        type: 'win',
        scope: 'sb',
        key: `resettle-${userId}`,
        userId,
        lines: move(me(userId), originals, usdt(25)),
        meta: { bet: 'x' },
      },
      {
        linesUnderLock: async (_tx, balances) => {
          const have = balances.of(me(userId));
          return [
            { account: me(userId), amount: -have },
            { account: me(userId, 'receivable'), amount: -(usdt(25) - have) },
            { account: originals, amount: usdt(25) },
          ];
        },
      },
    );
    expect(await kinds(userId)).toEqual({ available: '0', receivable: String(-usdt(15)) });
    expect(await checkLedger()).toEqual([]);
    const withdrawal = {
      currency: 'USDT',
      network: 'ethereum' as const,
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      amount: '10',
      idempotencyKey: `owed-${userId}`,
    };
    expect(await codeOf(requestWithdrawal((await findPlayer('id', userId))!, withdrawal))).toBe(
      'RECEIVABLE_OUTSTANDING',
    );
    await post({
      type: 'deposit',
      scope: 't',
      key: `repay-${userId}`,
      userId,
      lines: move({ house: 'deposits', currency: 'USDT' }, me(userId), usdt(20)),
    });
    expect(await kinds(userId)).toEqual({ available: String(usdt(5)), receivable: '0' });
  });
});
