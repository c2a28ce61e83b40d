import { POST as adjust } from '@/app/api/v1/operator/adjustments/route';
import { GET as balances } from '@/app/api/v1/wallet/balances/route';
import { config } from '@/lib/config';
import { closeDb, getDbHandle } from '@/lib/server/db';
import { createSession } from '@/lib/server/auth/session';
import { createPlayer } from '@/lib/server/players/store';
import { checkLedger } from '@/lib/server/wallet/ledger-check';
import { call, request } from './helpers/api';
import { livePrices } from './helpers/rates';

afterAll(() => closeDb());
// Live prices, and a four-eyes threshold these adjustments stay under (four-eyes.test.ts covers it).
livePrices({ BTC: 100_000, USDT: 1 });

const mutable = config as Record<string, unknown>;
const TOKEN = 'operator-token-for-the-tests-0123456789';

let userId: string;
beforeAll(async () => {
  userId = (await createPlayer({ email: 'operator-target@example.com', status: 'active' })).id;
});
beforeEach(() => {
  mutable.OPERATOR_TOKEN = TOKEN;
  mutable.ADJUSTMENT_FOUR_EYES_USD = 1_000_000;
});
afterEach(() => {
  mutable.OPERATOR_TOKEN = undefined;
});

const body = (extra: Record<string, unknown> = {}) => ({
  userId,
  currency: 'BTC',
  amount: '0.015',
  reason: 'goodwill credit',
  idempotencyKey: 'adj-0001',
  ...extra,
});
const send = (payload: unknown, token: string | null = TOKEN) =>
  call(adjust, request('POST', '/operator/adjustments', { body: payload, token }));

async function auditRows() {
  const { sql } = await getDbHandle();
  return (await sql(`SELECT action, target, before, after FROM operator_audit ORDER BY created_at`))
    .rows;
}

describe('operator API', () => {
  it('does not exist while OPERATOR_TOKEN is unset, and refuses a missing or wrong key', async () => {
    mutable.OPERATOR_TOKEN = undefined;
    expect((await send(body())).status).toBe(404);
    mutable.OPERATOR_TOKEN = TOKEN;
    expect((await send(body(), null)).status).toBe(401);
    expect((await send(body(), `${TOKEN}x`)).status).toBe(401);
    expect((await send(body(), TOKEN.slice(0, 20))).status).toBe(401);
    expect(await auditRows()).toEqual([]);
  });

  it('credits a player once per key, audited with the change, and the player sees it', async () => {
    const first = await send(body());
    expect(first).toMatchObject({
      status: 200,
      data: { replayed: false, currency: 'BTC', available: '0.01500000' },
    });
    const again = await send(body());
    expect(again.data).toMatchObject({ replayed: true, available: '0.01500000' });
    const other = await send(body({ amount: '0.02' }));
    expect(other).toMatchObject({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });

    const rows = await auditRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'balance.adjust',
      target: `player:${userId}`,
      before: { currency: 'BTC', available: '0.00000000' },
      after: { amount: '0.015', reason: 'goodwill credit' },
    });

    const { token } = await createSession(userId);
    const mine = await call<{ currency: string; amount: string }[]>(
      balances,
      request('GET', '/wallet/balances', { token }),
    );
    expect(mine.data!.find((b) => b.currency === 'BTC')?.amount).toBe('0.01500000');
    expect(await checkLedger()).toEqual([]);
  });

  it('audits each of 10 adjustments landing at once with the balance it found', async () => {
    const player = (await createPlayer({ email: 'adjust-race@example.com', status: 'active' })).id;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        send(body({ userId: player, amount: '0.001', idempotencyKey: `adj-race-${i}` })),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const { sql } = await getDbHandle();
    const { rows } = await sql(
      `SELECT before->>'available' AS before FROM operator_audit WHERE target = $1 ORDER BY 1`,
      [`player:${player}`],
    );
    // Each found the one before it: 0, 0.001, … 0.009, never one balance twice.
    expect(rows.map((r) => r.before)).toEqual(
      Array.from({ length: 10 }, (_, i) => `0.00${i}00000`),
    );
    expect(answers.map((a) => (a.data as { available: string }).available).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => (i === 9 ? '0.01000000' : `0.00${i + 1}00000`)),
    );
  });

  it('refuses bad input and a debit past the balance, changing nothing', async () => {
    const before = (await auditRows()).length;
    for (const bad of [
      body({ amount: '0.000000001', idempotencyKey: 'adj-bad-1' }), // more decimals than BTC keeps
      body({ amount: '1e5', idempotencyKey: 'adj-bad-2' }),
      body({ currency: 'NOPE', idempotencyKey: 'adj-bad-3' }),
      body({ userId: '00000000-0000-4000-8000-000000000000', idempotencyKey: 'adj-bad-4' }),
      body({ reason: '', idempotencyKey: 'adj-bad-5' }),
    ]) {
      const answer = await send(bad);
      expect([400, 404]).toContain(answer.status);
      expect(answer.error?.message).toBeTruthy();
    }
    const overdraft = await send(body({ amount: '-5', idempotencyKey: 'adj-debit' }));
    expect(overdraft).toMatchObject({ status: 409, code: 'INSUFFICIENT_FUNDS' });
    expect(await auditRows()).toHaveLength(before);
  });
});
