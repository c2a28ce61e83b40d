/**
 * Risk flags (issue 36): each signal raises its flag on every account involved, once per source;
 * the risk team closes one with a note, audited, and the same source does not raise it again.
 */
import { POST as closeRoute } from '@/app/api/v1/operator/flags/[id]/close/route';
import { GET as flagsRoute } from '@/app/api/v1/operator/flags/route';
import { POST as login } from '@/app/api/v1/auth/login/route';
import type { PlayerFlag } from '@/lib/schemas/risk';
import { POST as withdraw } from '@/app/api/v1/wallet/withdrawals/route';
import { recordSignIn } from '@/lib/server/auth/account-security';
import { createSession } from '@/lib/server/auth/session';
import { getDbHandle } from '@/lib/server/db';
import { createPlayer } from '@/lib/server/players/store';
import { depositSenderSignal, FAILED_2FA_FLAG } from '@/lib/server/risk/signals';
import { call, request, withId } from './helpers/api';
import { activePlayer } from './helpers/players';
import { asStaff, signedInStaff } from './helpers/staff';
import { payoutsConfigured, requestedWithdrawal } from './helpers/wallet';

payoutsConfigured('operator-token-for-the-flags-test');

const sql = async (text: string, params: unknown[] = []) =>
  (await (await getDbHandle()).sql(text, params)).rows;

const flagsOf = async (userId: string) =>
  (await sql(
    `SELECT kind, source, details FROM player_flags WHERE user_id = $1 ORDER BY kind, source`,
    [userId],
  )) as Array<{ kind: string; source: string; details: { others: string[] } | null }>;

const userIdOf = async (email: string) =>
  ((await sql(`SELECT id FROM users WHERE email = $1`, [email]))[0] as { id: string }).id;

const signIn = (email: string, ip: string, cookie?: string) =>
  login(
    request('POST', '/auth/login', {
      body: { email, password: 'secret123' },
      ip,
      headers: cookie ? { cookie } : {},
    }),
  );

describe('risk signals', () => {
  it('a withdrawal to an address another account withdrew to flags the account withdrawing', async () => {
    const to = '0x00000000000000000000000000000000000FEED1';
    const one = await requestedWithdrawal({
      email: 'flag-w1@example.com',
      currency: 'ETH',
      network: 'ethereum',
      funded: BigInt(100_000_000),
      amount: '0.1',
      to,
    });
    expect(await flagsOf(one.userId)).toEqual([]);
    const two = await requestedWithdrawal({
      email: 'flag-w2@example.com',
      currency: 'ETH',
      network: 'ethereum',
      funded: BigInt(100_000_000),
      amount: '0.1',
      to: to.toLowerCase(),
    });
    const source = `address:${to.toLowerCase()}`;
    expect(await flagsOf(two.userId)).toEqual([
      { kind: 'shared_withdrawal_address', source, details: { others: [one.userId] } },
    ]);
    // Anyone may ask for a withdrawal to an address seen on chain: its owner is not put under review.
    expect(await flagsOf(one.userId)).toEqual([]);
  });

  it('a sign-in IP shared within 30 days, or one browser, flags the accounts that share it', async () => {
    await activePlayer('flag-ip1@example.com');
    await activePlayer('flag-ip2@example.com');
    await activePlayer('flag-ip3@example.com');
    const [a, b, c] = await Promise.all(
      ['flag-ip1@example.com', 'flag-ip2@example.com', 'flag-ip3@example.com'].map(userIdOf),
    );
    // The first sign-in of a browser gives it its device id (HttpOnly, the sign-in routes only).
    const first = await signIn('flag-ip1@example.com', '203.0.113.7');
    expect(first.status).toBe(200);
    const setCookie = first.headers.get('set-cookie')!;
    expect(setCookie).toMatch(
      /^device_id=[A-Za-z0-9_-]{32}; Path=\/api\/v1\/auth; Max-Age=\d+; SameSite=Lax; HttpOnly/,
    );
    const device = setCookie.split(';')[0]!;
    // The same browser keeps its id: no new cookie.
    expect(
      (await signIn('flag-ip1@example.com', '203.0.113.7', device)).headers.get('set-cookie'),
    ).toBeNull();
    expect(await flagsOf(a!)).toEqual([]);

    await signIn('flag-ip2@example.com', '203.0.113.7');
    expect((await flagsOf(b!)).map((f) => f.kind)).toEqual(['shared_ip']);
    expect(await flagsOf(a!)).toEqual([
      { kind: 'shared_ip', source: 'ip:203.0.113.7', details: { others: [b] } },
    ]);

    await signIn('flag-ip3@example.com', '203.0.113.99', device);
    const [deviceFlag] = await flagsOf(c!);
    expect(deviceFlag).toMatchObject({ kind: 'shared_device', details: { others: [a] } });
    expect(deviceFlag!.source).toMatch(/^device:[0-9a-f]{32}$/);
    // The cookie itself is never stored: only its hash.
    expect(deviceFlag!.source).not.toContain(device.split('=')[1]!);
    expect((await flagsOf(a!)).map((f) => f.kind).sort()).toEqual(['shared_device', 'shared_ip']);
  });

  it('a sign-in from this machine or an unknown address links nobody', async () => {
    await activePlayer('flag-lo1@example.com');
    await activePlayer('flag-lo2@example.com');
    for (const email of ['flag-lo1@example.com', 'flag-lo2@example.com']) {
      expect((await signIn(email, '127.0.0.1')).status).toBe(200);
    }
    expect(await flagsOf(await userIdOf('flag-lo2@example.com'))).toEqual([]);
  });

  it(`${FAILED_2FA_FLAG} wrong 2FA codes within the hour flag the account`, async () => {
    const userId = (await createPlayer({ email: 'flag-2fa@example.com', status: 'active' })).id;
    const meta = { ip: '192.0.2.1', userAgent: null };
    for (let i = 1; i < FAILED_2FA_FLAG; i++) {
      await recordSignIn(userId, 'email', meta, { success: false, reason: 'INVALID_2FA' });
    }
    await recordSignIn(userId, 'email', meta, { success: false, reason: 'INVALID_CREDENTIALS' });
    expect(await flagsOf(userId)).toEqual([]);
    await recordSignIn(userId, 'email', meta, { success: false, reason: 'INVALID_2FA' });
    expect(await flagsOf(userId)).toEqual([
      expect.objectContaining({ kind: 'failed_2fa', details: { failures: FAILED_2FA_FLAG } }),
    ]);
  });

  it('a deposit sender another account deposited from flags both', async () => {
    const ids: string[] = [];
    for (const i of [1, 2]) {
      const userId = (await createPlayer({ email: `flag-d${i}@example.com`, status: 'active' })).id;
      ids.push(userId);
      await sql(
        `INSERT INTO deposits (user_id, network, chain_id, currency, address, sender, tx_hash, log_position, block_number, block_hash, on_chain_amount, amount, remainder)
         VALUES ($1, 'ethereum', 1337, 'ETH', '0xabc', '0x00000000000000000000000000000000000000aa', $2, -1, 1, '0x1', 1, 1, 0)`,
        [userId, `0x${String(i).padStart(64, '0')}`],
      );
      await depositSenderSignal(userId, '0x00000000000000000000000000000000000000AA');
    }
    expect(await flagsOf(ids[1]!)).toEqual([
      {
        kind: 'shared_deposit_sender',
        source: 'sender:0x00000000000000000000000000000000000000aa',
        details: { others: [ids[0]] },
      },
    ]);
    expect((await flagsOf(ids[0]!)).map((f) => f.kind)).toEqual(['shared_deposit_sender']);
  });
});

describe('the risk team works its flags', () => {
  it('lists them for every role, closes one with a note (risk or admin), once and audited', async () => {
    const risk = await signedInStaff('risk');
    const support = await signedInStaff('support');
    const userId = await userIdOf('flag-w2@example.com');
    const list = await call<PlayerFlag[]>(
      flagsRoute,
      asStaff('GET', `/operator/flags?status=open&userId=${userId}`, support.cookie),
    );
    expect(list.data).toEqual([
      expect.objectContaining({
        userId,
        username: expect.any(String),
        kind: 'shared_withdrawal_address',
      }),
    ]);
    const flag = list.data![0]!;
    const close = (cookie: string, note: string) =>
      call<PlayerFlag>(
        withId(closeRoute, flag.id),
        asStaff('POST', `/operator/flags/${flag.id}/close`, cookie, { note }),
      );
    expect((await close(support.cookie, 'looks fine')).status).toBe(403);
    expect((await close(risk.cookie, 'no')).status).toBe(400);
    const closed = await close(risk.cookie, 'same household, documents match');
    expect(closed.data).toMatchObject({
      closedBy: `staff:${risk.id}`,
      note: 'same household, documents match',
    });
    expect((await close(risk.cookie, 'again please')).status).toBe(409);
    expect(
      await sql(`SELECT actor, action, after FROM operator_audit WHERE action = 'flag.close'`),
    ).toEqual([
      {
        actor: `staff:${risk.id}`,
        action: 'flag.close',
        after: { flag: flag.id, status: 'closed', note: 'same household, documents match' },
      },
    ]);
    // The same signal again (another withdrawal of this player to that address): the reviewed
    // flag stays closed.
    const again = await call(
      withdraw,
      request('POST', '/wallet/withdrawals', {
        token: (await createSession(userId)).token,
        body: {
          currency: 'ETH',
          network: 'ethereum',
          address: '0x00000000000000000000000000000000000FEED1',
          amount: '0.1',
          idempotencyKey: `again-${userId}`,
        },
      }),
    );
    expect(again.status).toBe(200);
    const open = await call<PlayerFlag[]>(
      flagsRoute,
      asStaff('GET', `/operator/flags?status=open&userId=${userId}`, risk.cookie),
    );
    expect(open.data).toEqual([]);
  });
});
