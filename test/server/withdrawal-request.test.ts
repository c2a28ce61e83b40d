/**
 * A withdrawal request in detail (lib/server/wallet/withdrawals.ts): what each refusal says, the
 * request an idempotency key stands for, the hold's posting and its split between withdraw-only
 * and playable money, and the release that puts it back the same way.
 */
import { POST as cancel } from '@/app/api/v1/wallet/withdrawals/[id]/cancel/route';
import { GET as mine, POST as withdraw } from '@/app/api/v1/wallet/withdrawals/route';
import type { Withdrawal, WithdrawalRequestBody } from '@/lib/schemas/wallet';
import { closeDb, getDbHandle } from '@/lib/server/db';
import { findPlayer } from '@/lib/server/players/store';
import { endPending, requestWithdrawal } from '@/lib/server/wallet/withdrawals';
import { post } from '@/lib/server/wallet/ledger';
import { call, request, withId } from './helpers/api';
import { fundedPlayer, hotWalletOnEthereum } from './helpers/wallet';

let restore: () => void;
beforeAll(() => {
  restore = hotWalletOnEthereum();
});
afterAll(async () => {
  restore();
  await closeDb();
});

const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const OTHER_ADDRESS = '0x000000000000000000000000000000000000dEaD';
const UNIT = BigInt(10) ** BigInt(6);

let n = 0;
/** A player holding `usdt` USDT of playable money, and their session token. */
function funded(usdt: number) {
  return fundedPlayer(`wr${(n += 1)}@example.com`, 'USDT', BigInt(usdt) * UNIT);
}
const body = (extra: Record<string, unknown> = {}) => ({
  currency: 'USDT',
  network: 'ethereum',
  address: ADDRESS,
  amount: '50',
  idempotencyKey: `key-${Math.random()}`,
  ...extra,
});
const ask = (token: string, extra: Record<string, unknown> = {}) =>
  call<Withdrawal>(withdraw, request('POST', '/wallet/withdrawals', { token, body: body(extra) }));

async function rows(text: string, params: unknown[] = []) {
  return (await (await getDbHandle()).sql(text, params)).rows;
}
async function balances(userId: string) {
  const found = await rows(
    `SELECT kind, balance::text AS b FROM ledger_accounts WHERE owner = $1 AND currency = 'USDT'`,
    [`player:${userId}`],
  );
  return Object.fromEntries(found.map((r) => [r.kind, String(r.b)]));
}
/** A posting's lines on the player's accounts, by kind. */
async function linesOf(scope: string, key: string) {
  const found = await rows(
    `SELECT t.type, t.meta, a.kind, e.amount::text AS amount
       FROM ledger_transactions t
       JOIN ledger_entries e ON e.transaction_id = t.id
       JOIN ledger_accounts a ON a.id = e.account_id
      WHERE t.scope = $1 AND t.key = $2
      ORDER BY a.kind`,
    [scope, key],
  );
  return {
    type: found[0]?.type,
    meta: found[0]?.meta,
    lines: found.map((r) => [r.kind, r.amount]),
  };
}

describe('what a refused withdrawal says', () => {
  it('names the field: a currency with no withdrawal rule, the minimum, a missing 2FA code', async () => {
    const { userId, token } = await funded(100);
    // A listed currency without a withdrawal rule (the route refuses it before, as off its network).
    const player = (await findPlayer('id', userId))!;
    await expect(
      requestWithdrawal(player, { ...body(), currency: 'DOGE' } as WithdrawalRequestBody),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR', detail: 'currency' });
    const small = await ask(token, { amount: '9.99' });
    expect(small.error!.message).toBe(
      'Some fields are missing or not valid. (amount: minimum 10 USDT)',
    );
    // The minimum itself is enough.
    expect((await ask(token, { amount: '10' })).status).toBe(200);
    await rows(`UPDATE users SET two_factor_enabled = true WHERE id = $1`, [userId]);
    const noCode = await ask(token);
    expect(noCode.error!.message).toBe('Some fields are missing or not valid. (twoFactorCode)');
    expect(await balances(userId)).toEqual({
      available: String(89n * UNIT),
      held: String(11n * UNIT),
    });
  });
});

describe('one idempotency key, one request', () => {
  it('the same request answers the first withdrawal; any field changed is another request (422)', async () => {
    const { userId, token } = await funded(200);
    const first = await ask(token, { idempotencyKey: 'once-only' });
    expect(first.status).toBe(200);
    for (const changed of [
      { currency: 'ETH', amount: '0.01' },
      { network: 'bsc' },
      { address: OTHER_ADDRESS },
      { amount: '51' },
    ]) {
      const answer = await ask(token, { idempotencyKey: 'once-only', ...changed });
      expect([JSON.stringify(changed), answer.status, answer.code]).toEqual([
        JSON.stringify(changed),
        422,
        'IDEMPOTENCY_KEY_REUSED',
      ]);
    }
    const again = await ask(token, { idempotencyKey: 'once-only' });
    expect(again.data).toEqual(first.data);
    expect(await balances(userId)).toEqual({
      available: String(149n * UNIT),
      held: String(51n * UNIT),
    });
  });
});

describe('the hold and its release', () => {
  it('draws on withdraw-only money first, and the release puts each part back where it was', async () => {
    const { userId, token } = await funded(100);
    // 20 USDT that may only be withdrawn (a bonus's cashable part, say).
    await post({
      type: 'adjustment',
      scope: 'test-withdraw-only',
      key: userId,
      userId,
      lines: [
        { account: { house: 'deposits', currency: 'USDT' }, amount: -BigInt(20) * UNIT },
        { account: { userId, currency: 'USDT', kind: 'withdraw_only' }, amount: BigInt(20) * UNIT },
      ],
    });
    const made = await ask(token, { idempotencyKey: 'split-hold' });
    const id = made.data!.id;
    expect(await linesOf(`withdrawal:${userId}`, 'split-hold')).toEqual({
      type: 'hold',
      meta: { network: 'ethereum', address: ADDRESS, amount: String(51n * UNIT) },
      lines: [
        ['available', String(-31n * UNIT)],
        ['held', String(51n * UNIT)],
        ['withdraw_only', String(-20n * UNIT)],
      ],
    });
    const [row] = await rows(
      `SELECT from_withdraw_only::text AS wo FROM withdrawals WHERE id = $1`,
      [id],
    );
    expect(row!.wo).toBe(String(20n * UNIT));

    const cancelled = await call<Withdrawal>(
      withId(cancel, id),
      request('POST', `/wallet/withdrawals/${id}/cancel`, { token }),
    );
    expect(cancelled.data).toMatchObject({ id, status: 'cancelled', amount: '50.000000' });
    expect(await linesOf('withdrawal-release', id)).toEqual({
      type: 'release',
      meta: { withdrawalId: id, status: 'cancelled' },
      lines: [
        ['available', String(31n * UNIT)],
        ['held', String(-51n * UNIT)],
        ['withdraw_only', String(20n * UNIT)],
      ],
    });
    expect(await balances(userId)).toEqual({
      available: String(100n * UNIT),
      held: '0',
      withdraw_only: String(20n * UNIT),
    });
  });

  it('a withdrawal is ended only by its own player, and only from the state asked for', async () => {
    const { userId, token } = await funded(100);
    const stranger = await funded(1);
    const { id } = (await ask(token)).data!;
    const theirs = await call(
      withId(cancel, id),
      request('POST', `/wallet/withdrawals/${id}/cancel`, { token: stranger.token }),
    );
    expect([theirs.status, theirs.code]).toEqual([404, 'NOT_FOUND']);
    await expect(endPending({ id }, 'rejected', 'no', undefined, 'failed')).rejects.toMatchObject({
      code: 'CONFLICT',
      detail: 'pending',
    });
    expect(await balances(userId)).toEqual({
      available: String(49n * UNIT),
      held: String(51n * UNIT),
    });
    // Ended once; a second end, however it asks, is a conflict and moves nothing.
    await endPending({ id, userId }, 'cancelled', null);
    await expect(endPending({ id }, 'rejected', 'late')).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(await balances(userId)).toEqual({ available: String(100n * UNIT), held: '0' });
  });

  it('lists the player’s withdrawals newest first at the currency’s precision', async () => {
    const { token } = await funded(100);
    await ask(token, { amount: '10' });
    await ask(token, { amount: '12.5' });
    const list = await call<Withdrawal[]>(mine, request('GET', '/wallet/withdrawals', { token }));
    expect(list.data!.map((w) => [w.amount, w.fee])).toEqual([
      ['12.500000', '1.000000'],
      ['10.000000', '1.000000'],
    ]);
  });
});
