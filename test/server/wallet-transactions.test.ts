import { eq } from 'drizzle-orm';
import { POST as cancel } from '@/app/api/v1/wallet/withdrawals/[id]/cancel/route';
import { GET as transactions } from '@/app/api/v1/wallet/transactions/route';
import { POST as withdraw } from '@/app/api/v1/wallet/withdrawals/route';
import { config } from '@/lib/config';
import type { TransactionsPage } from '@/lib/schemas/wallet';
import { createSession } from '@/lib/server/auth/session';
import { closeDb, getDb } from '@/lib/server/db';
import { withdrawals } from '@/lib/server/db/schema';
import { createPlayer } from '@/lib/server/players/store';
import { post } from '@/lib/server/wallet/ledger';
import { markPaid } from '@/lib/server/wallet/payout-outcome';
import { call, request, withId } from './helpers/api';
import { approvedWithdrawal, hotWalletOnEthereum } from './helpers/wallet';

// Withdrawals are taken only where something pays them.
beforeAll(() => hotWalletOnEthereum());
afterAll(() => closeDb());

const UNIT = BigInt(10) ** BigInt(8);
let userId: string;
let token: string;

async function move(
  type: 'deposit' | 'hold' | 'bet',
  currency: string,
  amount: bigint,
  key: string,
) {
  const me = { userId, currency };
  const lines = {
    deposit: [{ house: 'deposits' as const, currency }, me],
    hold: [me, { ...me, kind: 'held' as const }],
    bet: [me, { house: 'game' as const, currency }],
  }[type];
  await post({
    type,
    scope: 'history-test',
    key,
    userId,
    lines: [
      { account: lines[0]!, amount: -amount },
      { account: lines[1]!, amount },
    ],
  });
}

const list = (query = '', as: string | null = token) =>
  call<TransactionsPage>(
    transactions,
    request('GET', `/wallet/transactions${query}`, { token: as }),
  );

beforeAll(async () => {
  userId = (await createPlayer({ email: 'history@example.com', status: 'active' })).id;
  token = (await createSession(userId)).token;
  await move('deposit', 'BTC', BigInt(2) * UNIT, 'd1');
  for (let i = 0; i < 25; i += 1) await move('bet', 'BTC', UNIT / BigInt(100), `b${i}`);
  await move('hold', 'BTC', UNIT / BigInt(2), 'h1');
  await move('deposit', 'ETH', UNIT, 'd2');
});

describe('transactions list', () => {
  it('lists the player’s movements newest first, with available and held changes', async () => {
    const page = await list('?limit=3');
    expect(page.status).toBe(200);
    expect(page.data!.data.map((t) => [t.type, t.currency, t.amount, t.held])).toEqual([
      ['deposit', 'ETH', '1.00000000', '0.00000000'],
      ['hold', 'BTC', '-0.50000000', '0.50000000'],
      ['bet', 'BTC', '-0.01000000', '0.00000000'],
    ]);
    expect(page.data!.nextCursor).toEqual(expect.any(String));
  });

  it('walks every page by cursor without a repeat or a gap', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof list>> = await list(
        `?limit=7${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.data!.data.map((t) => t.id));
      cursor = page.data!.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(28);
    expect(new Set(seen).size).toBe(28);
  });

  it('keeps a posting in two currencies whole on one page, pages of one posting each', async () => {
    const other = (await createPlayer({ email: 'history2@example.com', status: 'active' })).id;
    const otherToken = (await createSession(other)).token;
    const tenth = UNIT / BigInt(10);
    const credit = (key: string, pairs: [string, bigint][]) =>
      post({
        type: key === 'fix' ? 'adjustment' : 'deposit',
        scope: 'history-test',
        key: `${other}:${key}`,
        userId: other,
        lines: pairs.flatMap(([currency, amount]) => [
          { account: { house: 'deposits' as const, currency }, amount: -amount },
          { account: { userId: other, currency }, amount },
        ]),
      });
    await credit('first', [['BTC', tenth]]);
    // An operator's correction that moves BTC and ETH at once: two rows, one posting.
    await credit('fix', [
      ['BTC', tenth],
      ['ETH', tenth],
    ]);
    await credit('last', [['ETH', tenth]]);
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof list>> = await list(
        `?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        otherToken,
      );
      pages.push(page.data!.data.map((t) => `${t.type}:${t.currency}`));
      cursor = page.data!.nextCursor;
    } while (cursor);
    expect(pages).toEqual([['deposit:ETH'], ['adjustment:BTC', 'adjustment:ETH'], ['deposit:BTC']]);
  });

  it('filters by type, currency and dates', async () => {
    expect((await list('?type=bet&limit=100')).data!.data).toHaveLength(25);
    expect((await list('?currency=ETH')).data!.data).toHaveLength(1);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await list(`?from=${encodeURIComponent(future)}`)).data!.data).toHaveLength(0);
    expect((await list(`?to=${encodeURIComponent(future)}&limit=100`)).data!.data).toHaveLength(28);
  });

  it('refuses bad input with a message, and shows nobody else’s history', async () => {
    for (const bad of [
      '?limit=0',
      '?limit=101',
      '?type=steal',
      '?currency=btc',
      '?cursor=bm9wZQ',
      '?from=yesterday',
    ]) {
      const answer = await list(bad);
      expect([bad, answer.status]).toEqual([bad, 400]);
      expect(answer.error?.message).toBeTruthy();
    }
    expect((await list('', null)).status).toBe(401);
    const other = (await createPlayer({ email: 'nosy@example.com', status: 'active' })).id;
    expect((await list('', (await createSession(other)).token)).data!.data).toEqual([]);
  });
});

describe('a withdrawal in the list', () => {
  const mutable = config as Record<string, unknown>;
  const OPERATOR = 'operator-token-for-the-history-tests-0123';
  const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
  const HASH = `0x${'ab'.repeat(32)}`;
  // USDT keeps 6 decimals in the Cryptos list.
  const USDT = BigInt(10) ** BigInt(6);
  beforeEach(() => {
    mutable.OPERATOR_TOKEN = OPERATOR;
  });
  afterEach(() => {
    mutable.OPERATOR_TOKEN = undefined;
  });

  it('is one row from request to payout: amount, fee, status and the payout link', async () => {
    const { userId, id } = await approvedWithdrawal({
      email: 'paid-history@example.com',
      currency: 'USDT',
      network: 'ethereum',
      funded: BigInt(100) * USDT,
      amount: '50',
      to: ADDRESS,
      operatorToken: OPERATOR,
    });
    const me = (await createSession(userId)).token;
    const db = await getDb();
    const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
    const approved = (await list('', me)).data!.data;
    expect(approved.map((t) => [t.type, t.amount, t.fee, t.held, t.status])).toEqual([
      ['withdrawal', '-50.000000', '1.000000', '51.000000', 'approved'],
      ['deposit', '100.000000', null, '0.000000', 'completed'],
    ]);

    await markPaid(row!, { txHash: HASH, network: 'ethereum' }, async () => {});
    const paid = (await list('', me)).data!.data;
    expect(paid).toHaveLength(2);
    expect(paid[0]).toMatchObject({
      type: 'withdrawal',
      currency: 'USDT',
      amount: '-50.000000',
      fee: '1.000000',
      held: '0.000000',
      status: 'paid',
      network: 'ethereum',
      txHash: HASH,
    });
    // Filtered by type, the withdrawal is still that one row.
    expect((await list('?type=withdrawal', me)).data!.data.map((t) => t.id)).toEqual([paid[0]!.id]);
    expect((await list('?type=hold', me)).data!.data).toEqual([]);
  });

  it('is one row once cancelled, and a deposit to the withdraw-only balance shows its amount', async () => {
    const userId = (await createPlayer({ email: 'cancel-history@example.com', status: 'active' }))
      .id;
    const me = (await createSession(userId)).token;
    await post({
      type: 'deposit',
      scope: 'history-test',
      key: `wo-${userId}`,
      userId,
      lines: [
        { account: { house: 'deposits', currency: 'USDT' }, amount: BigInt(-80) * USDT },
        {
          account: { userId, currency: 'USDT', kind: 'withdraw_only' },
          amount: BigInt(80) * USDT,
        },
      ],
    });
    const made = await call<{ id: string }>(
      withdraw,
      request('POST', '/wallet/withdrawals', {
        token: me,
        body: {
          currency: 'USDT',
          network: 'ethereum',
          address: ADDRESS,
          amount: '20',
          idempotencyKey: `wd-${userId}`,
        },
      }),
    );
    expect(made.status).toBe(200);
    const cancelled = await call(
      withId(cancel, made.data!.id),
      request('POST', `/wallet/withdrawals/${made.data!.id}/cancel`, { token: me }),
    );
    expect(cancelled.status).toBe(200);
    const rows = (await list('', me)).data!.data;
    expect(rows.map((t) => [t.type, t.amount, t.fee, t.held, t.status])).toEqual([
      ['withdrawal', '-20.000000', '1.000000', '0.000000', 'cancelled'],
      ['deposit', '80.000000', null, '0.000000', 'completed'],
    ]);
  });

  it('shows every balance a posting moved, its subtype and its round', async () => {
    const userId = (await createPlayer({ email: 'kinds-history@example.com', status: 'active' }))
      .id;
    const me = (await createSession(userId)).token;
    const usdt = (n: number) => BigInt(n) * USDT;
    const player = (kind?: 'bonus' | 'stake') => ({ userId, currency: 'USDT', kind });
    await post({
      type: 'bonus',
      scope: 'history-test',
      key: `grant-${userId}`,
      userId,
      lines: [
        { account: { house: 'bonus', currency: 'USDT' }, amount: -usdt(10) },
        { account: player('bonus'), amount: usdt(10) },
      ],
      meta: { subtype: 'grant' },
    });
    // A sportsbook bet: 4 of bonus money and nothing else, held at stake until it settles.
    await post({
      type: 'bet',
      scope: 'history-test',
      key: `bet-${userId}`,
      userId,
      lines: [
        { account: player('bonus'), amount: -usdt(4) },
        { account: player('stake'), amount: usdt(4) },
      ],
      meta: { subtype: 'placement', betId: 'sb-42' },
    });
    const rows = (await list('', me)).data!.data;
    expect(rows.map((t) => [t.type, t.subtype, t.roundId, t.amount, t.balances])).toEqual([
      [
        'bet',
        'placement',
        'sb-42',
        '0.000000',
        {
          available: '0.000000',
          withdrawOnly: '0.000000',
          held: '0.000000',
          stake: '4.000000',
          bonus: '-4.000000',
          receivable: '0.000000',
        },
      ],
      [
        'bonus',
        'grant',
        null,
        '0.000000',
        expect.objectContaining({ bonus: '10.000000', stake: '0.000000' }),
      ],
    ]);
  });
});
