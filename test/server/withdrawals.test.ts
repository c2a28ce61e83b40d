import { generate } from 'otplib';
import { POST as twoFactorDisable } from '@/app/api/v1/auth/2fa/disable/route';
import { POST as twoFactorEnable } from '@/app/api/v1/auth/2fa/enable/route';
import { POST as twoFactorSetup } from '@/app/api/v1/auth/2fa/setup/route';
import { POST as approve } from '@/app/api/v1/operator/withdrawals/[id]/approve/route';
import { POST as reject } from '@/app/api/v1/operator/withdrawals/[id]/reject/route';
import { GET as queue } from '@/app/api/v1/operator/withdrawals/route';
import { POST as cancel } from '@/app/api/v1/wallet/withdrawals/[id]/cancel/route';
import { GET as mine, POST as withdraw } from '@/app/api/v1/wallet/withdrawals/route';
import { POST as changePassword } from '@/app/api/v1/users/password/route';
import { GET as profile } from '@/app/api/v1/users/profile/route';
import { config } from '@/lib/config';
import type { Withdrawal } from '@/lib/schemas/wallet';
import { closeDb, getDbHandle } from '@/lib/server/db';
import type { ApiError } from '@/lib/server/http/api-error';
import { checkLedger } from '@/lib/server/wallet/ledger-check';
import { endPending } from '@/lib/server/wallet/withdrawals';
import { call, request, withId } from './helpers/api';
import { fundedPlayer, hotWalletOnEthereum } from './helpers/wallet';

// Withdrawals are taken only where something pays them.
beforeAll(() => hotWalletOnEthereum());
afterAll(() => closeDb());

const mutable = config as Record<string, unknown>;
const OPERATOR = 'operator-token-for-the-tests-0123456789';
const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
// USDT keeps 6 decimals in the Cryptos list.
const UNIT = BigInt(10) ** BigInt(6);

let n = 0;
/** A player holding `usdt` USDT, and their session token. */
function funded(usdt: number) {
  return fundedPlayer(`wd${(n += 1)}@example.com`, 'USDT', BigInt(usdt) * UNIT);
}

const ask = (token: string, extra: Record<string, unknown> = {}) =>
  call<Withdrawal>(
    withdraw,
    request('POST', '/wallet/withdrawals', {
      token,
      body: {
        currency: 'USDT',
        network: 'ethereum',
        address: ADDRESS,
        amount: '50',
        idempotencyKey: `key-${Math.random()}`,
        ...extra,
      },
    }),
  );

async function balances(userId: string) {
  const { sql } = await getDbHandle();
  const { rows } = await sql(
    `SELECT kind, balance::text AS b FROM ledger_accounts WHERE owner = $1 AND currency = 'USDT'`,
    [`player:${userId}`],
  );
  return Object.fromEntries(rows.map((r) => [r.kind, String(r.b)]));
}

beforeEach(() => {
  mutable.OPERATOR_TOKEN = OPERATOR;
});
afterEach(() => {
  mutable.OPERATOR_TOKEN = undefined;
});

describe('withdrawals', () => {
  it('holds amount and fee, and the player can cancel once: the hold comes back', async () => {
    const { userId, token } = await funded(100);
    const made = await ask(token);
    expect(made.data).toMatchObject({
      status: 'pending',
      amount: '50.000000',
      fee: '1.000000',
    });
    expect(await balances(userId)).toEqual({
      available: String(49n * UNIT),
      held: String(51n * UNIT),
    });
    const cancels = await Promise.all(
      [1, 2, 3].map(() =>
        call(
          withId(cancel, made.data!.id),
          request('POST', `/wallet/withdrawals/${made.data!.id}/cancel`, { token }),
        ),
      ),
    );
    expect(cancels.filter((c) => c.status === 200)).toHaveLength(1);
    expect(cancels.filter((c) => c.status === 409)).toHaveLength(2);
    expect(await balances(userId)).toEqual({ available: String(100n * UNIT), held: '0' });
    const list = await call<Withdrawal[]>(mine, request('GET', '/wallet/withdrawals', { token }));
    expect(list.data!.map((w) => w.status)).toEqual(['cancelled']);
    expect(await checkLedger()).toEqual([]);
  });

  it('10 withdrawals of the whole balance at once: one holds, the rest are refused', async () => {
    const { userId, token } = await funded(51);
    const answers = await Promise.all(Array.from({ length: 10 }, () => ask(token)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 'INSUFFICIENT_FUNDS')).toHaveLength(9);
    expect(await balances(userId)).toEqual({ available: '0', held: String(51n * UNIT) });
  });

  it('refuses a bad address, a currency off its network, below the minimum, and a reused key', async () => {
    const { token } = await funded(100);
    for (const bad of [
      { address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' },
      { network: 'bitcoin' },
      { amount: '5' },
      { amount: '50.1234567' },
    ]) {
      const answer = await ask(token, bad);
      expect([JSON.stringify(bad), answer.status]).toEqual([JSON.stringify(bad), 400]);
      expect(answer.error?.message).toBeTruthy();
    }
    const first = await ask(token, { idempotencyKey: 'withdraw-once' });
    const again = await ask(token, { idempotencyKey: 'withdraw-once' });
    expect(again.data!.id).toBe(first.data!.id);
    expect((await ask(token, { idempotencyKey: 'withdraw-once', amount: '60' })).status).toBe(422);
  });

  it('asks for the 2FA code when 2FA is on, and a code works once', async () => {
    const { userId, token } = await funded(200);
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const { sql } = await getDbHandle();
    const { seal } = await import('@/lib/server/auth/secrets');
    await sql(`UPDATE users SET two_factor_enabled = true, two_factor_secret = $2 WHERE id = $1`, [
      userId,
      await seal('totp-secret', secret, userId),
    ]);
    expect((await ask(token)).status).toBe(400);
    expect((await ask(token, { twoFactorCode: '000000' })).code).toBe('INVALID_2FA');
    const code = await generate({ secret });
    const first = await ask(token, { twoFactorCode: code, idempotencyKey: '2fa-once' });
    expect(first.status).toBe(200);
    expect((await ask(token, { twoFactorCode: code })).code).toBe('INVALID_2FA');
    // A retry of the same request (its answer was lost) answers the first withdrawal, code and all.
    const retry = await ask(token, { twoFactorCode: code, idempotencyKey: '2fa-once' });
    expect(retry).toMatchObject({ status: 200, data: { id: first.data!.id } });
    expect(await balances(userId)).toMatchObject({ held: String(51n * UNIT) });
  });

  it('holds withdrawals for 24 hours after a password change, then lets them through', async () => {
    const { userId, token } = await funded(200);
    const changed = await call(
      changePassword,
      request('POST', '/users/password', {
        token,
        body: { password: 'brandnew123', repeatPassword: 'brandnew123' },
      }),
    );
    expect(changed.code).toBe('success');
    const held = await ask(token);
    expect(held).toMatchObject({ status: 403, code: 'WITHDRAWAL_HOLD' });
    expect(held.error!.message).toMatch(/paused until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    const me = await call<{ withdrawalsHeldUntil: string | null }>(
      profile,
      request('GET', '/users/profile', { token }),
    );
    const until = new Date(me.data!.withdrawalsHeldUntil!).getTime() - Date.now();
    expect(until).toBeGreaterThan(23.9 * 3_600_000);
    expect(await balances(userId)).toEqual({ available: String(200n * UNIT) });
    // A day later.
    const { sql } = await getDbHandle();
    await sql(`UPDATE users SET security_changed_at = now() - interval '25 hours' WHERE id = $1`, [
      userId,
    ]);
    expect((await ask(token)).status).toBe(200);
  });

  it('turning 2FA on holds nothing; turning it off holds withdrawals', async () => {
    const { token } = await funded(200);
    const setup = await call<{ secret: string }>(
      twoFactorSetup,
      request('POST', '/auth/2fa/setup', { token, body: {} }),
    );
    expect(setup.status).toBe(200);
    const { secret } = setup.data!;
    const now = Date.now();
    const codeAt = (seconds: number) =>
      generate({ secret, epoch: Math.floor(now / 1000) + seconds });
    const enabled = await call(
      twoFactorEnable,
      request('POST', '/auth/2fa/enable', { token, body: { code: await codeAt(0) } }),
    );
    expect(enabled).toMatchObject({ code: 'success', data: { twoFactorEnabled: true } });
    const heldUntil = async () =>
      (
        await call<{ withdrawalsHeldUntil: string | null }>(
          profile,
          request('GET', '/users/profile', { token }),
        )
      ).data!.withdrawalsHeldUntil;
    expect(await heldUntil()).toBeNull();
    // The next code (30 s on): the withdrawal goes through at once.
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now + 30_000);
    try {
      expect((await ask(token, { twoFactorCode: await codeAt(30) })).status).toBe(200);
      clock.mockReturnValue(now + 60_000);
      const off = await call(
        twoFactorDisable,
        request('POST', '/auth/2fa/disable', { token, body: { code: await codeAt(60) } }),
      );
      expect(off).toMatchObject({ code: 'success', data: { twoFactorEnabled: false } });
    } finally {
      clock.mockRestore();
    }
    expect(await heldUntil()).not.toBeNull();
    expect(await ask(token)).toMatchObject({ status: 403, code: 'WITHDRAWAL_HOLD' });
  });

  it("a player's cancel and an operator's reject at once: one ends it, the other hears 409", async () => {
    const { userId, token } = await funded(100);
    const made = (await ask(token)).data!;
    // Straight to the service, so both read it pending before either posts (the routes' own
    // awaits decide the order otherwise).
    const outcomes = await Promise.all([
      endPending({ id: made.id, userId }, 'cancelled', null).then(
        (w) => w.status,
        (error: ApiError) => error.code,
      ),
      endPending({ id: made.id }, 'rejected', 'duplicate').then(
        (w) => w.status,
        (error: ApiError) => error.code,
      ),
    ]);
    expect(outcomes.filter((o) => o === 'CONFLICT')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'cancelled' || o === 'rejected')).toHaveLength(1);
    expect(await balances(userId)).toEqual({ available: String(100n * UNIT), held: '0' });
    expect(await checkLedger()).toEqual([]);
  });

  it('operators approve once or reject with the hold released, each audited', async () => {
    const { userId, token } = await funded(200);
    const a = (await ask(token)).data!;
    const b = (await ask(token)).data!;
    const auth = { token: OPERATOR };
    const pending = await call<{ id: string; amount: string; fee: string }[]>(
      queue,
      request('GET', '/operator/withdrawals', auth),
    );
    expect(pending.data!.map((w) => w.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    // Decimal strings in the currency, as the player asked: the operator API's one unit.
    expect(pending.data!.find((w) => w.id === a.id)).toMatchObject({
      amount: '50.000000',
      fee: '1.000000',
    });

    const approvals = await Promise.all(
      [1, 2].map(() =>
        call(withId(approve, a.id), request('POST', `/operator/withdrawals/${a.id}/approve`, auth)),
      ),
    );
    expect(approvals.map((x) => x.status).sort()).toEqual([200, 409]);
    // Approved, but nothing signed yet (the chain does not answer here): a reject still ends it.
    const late = await call(
      withId(reject, a.id),
      request('POST', `/operator/withdrawals/${a.id}/reject`, {
        ...auth,
        body: { reason: 'stopped before the payout' },
      }),
    );
    expect(late.data).toMatchObject({ status: 'rejected', release: 'done' });
    const again = await call(
      withId(reject, a.id),
      request('POST', `/operator/withdrawals/${a.id}/reject`, {
        ...auth,
        body: { reason: 'again' },
      }),
    );
    expect(again.status).toBe(409);
    const rejected = await call(
      withId(reject, b.id),
      request('POST', `/operator/withdrawals/${b.id}/reject`, {
        ...auth,
        body: { reason: 'address on a sanctions list' },
      }),
    );
    expect(rejected.status).toBe(200);
    // Both came back.
    expect(await balances(userId)).toEqual({ available: String(200n * UNIT), held: '0' });
    const { sql } = await getDbHandle();
    const { rows } = await sql(
      `SELECT action, target FROM operator_audit WHERE target LIKE 'withdrawal:%' ORDER BY created_at`,
    );
    expect(rows).toEqual([
      { action: 'withdrawal.approve', target: `withdrawal:${a.id}` },
      { action: 'withdrawal.reject', target: `withdrawal:${a.id}` },
      { action: 'withdrawal.reject', target: `withdrawal:${b.id}` },
    ]);
    // Without the operator key there is no such API.
    mutable.OPERATOR_TOKEN = undefined;
    expect((await call(queue, request('GET', '/operator/withdrawals', auth))).status).toBe(404);
    expect(await checkLedger()).toEqual([]);
  });
});
