import { GET as transactions } from '@/app/api/v1/wallet/transactions/route';
import type { TransactionsPage } from '@/lib/schemas/wallet';
import { createSession } from '@/lib/server/auth/session';
import { closeDb } from '@/lib/server/db';
import { createPlayer } from '@/lib/server/players/store';
import { post } from '@/lib/server/wallet/ledger';
import { call, request } from './helpers/api';

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
