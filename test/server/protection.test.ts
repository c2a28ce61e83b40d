import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { Server } from 'socket.io';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { io as connect } from 'socket.io-client';
import { POST as login } from '@/app/api/v1/auth/login/route';
import { POST as metamaskMessage } from '@/app/api/v1/auth/metamask/message/route';
import { POST as metamaskVerify } from '@/app/api/v1/auth/metamask/verify/route';
import { POST as play } from '@/app/api/v1/games/[slug]/play/route';
import { POST as close } from '@/app/api/v1/users/close/route';
import { GET as exportData } from '@/app/api/v1/users/export/route';
import { GET as profile } from '@/app/api/v1/users/profile/route';
import { POST as startBreak } from '@/app/api/v1/users/protection/break/route';
import { PUT as setLimit } from '@/app/api/v1/users/protection/limits/route';
import { PUT as realityCheck } from '@/app/api/v1/users/protection/reality-check/route';
import { GET as protection } from '@/app/api/v1/users/protection/route';
import { GET as playSession } from '@/app/api/v1/users/protection/session/route';
import { GET as balances } from '@/app/api/v1/wallet/balances/route';
import { GET as depositAddress } from '@/app/api/v1/wallet/deposit-address/route';
import { POST as cancel } from '@/app/api/v1/wallet/withdrawals/[id]/cancel/route';
import { POST as withdraw } from '@/app/api/v1/wallet/withdrawals/route';
import type { Protection } from '@/lib/schemas/protection';
import type { Withdrawal } from '@/lib/schemas/wallet';
import { attachSocketAuth } from '@/lib/realtime/socket-auth';
import { authenticateStream } from '@/lib/server/auth/session';
import { closeDb, getDb, getDbHandle } from '@/lib/server/db';
import { buildOpenApiDocument } from '@/lib/server/openapi/document';
import { games, playerLimits, users } from '@/lib/server/db/schema';
import { post } from '@/lib/server/wallet/ledger';
import { checkLedger } from '@/lib/server/wallet/ledger-check';
import { call, freshIp, request, withId } from './helpers/api';
import { activePlayer } from './helpers/players';
import { fund, hotWalletOnEthereum } from './helpers/wallet';

afterAll(() => closeDb());

// USDT keeps 6 decimals and counts 1 USD at the built-in rates.
const UNIT = BigInt(10) ** BigInt(6);
const usdt = (n: number) => BigInt(n) * UNIT;
const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

let n = 0;
/** An activated player (password secret123), their id and token. */
async function player(prefix: string) {
  const email = `${prefix}${(n += 1)}@example.com`;
  const { token, getStreamToken } = await activePlayer(email);
  const db = await getDb();
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { email, userId: row!.id, token, streamToken: getStreamToken };
}

const limit = (token: string, body: unknown) =>
  call<Protection>(setLimit, request('PUT', '/users/protection/limits', { token, body }));

const bet = (userId: string, stake: bigint, key = crypto.randomUUID()) =>
  post({
    type: 'bet',
    scope: 'test-bet',
    key,
    userId,
    lines: [
      { account: { userId, currency: 'USDT' }, amount: -stake },
      { account: { house: 'game', currency: 'USDT' }, amount: stake },
    ],
  });

const win = (userId: string, amount: bigint) =>
  post({
    type: 'win',
    scope: 'test-win',
    key: crypto.randomUUID(),
    userId,
    lines: [
      { account: { house: 'game', currency: 'USDT' }, amount: -amount },
      { account: { userId, currency: 'USDT' }, amount },
    ],
  });

/** A deposit as the chain watcher posts it. */
const deposit = (userId: string, amount: bigint, key: string = crypto.randomUUID()) =>
  post({
    type: 'deposit',
    scope: 'test-deposit',
    key,
    userId,
    lines: [
      { account: { house: 'deposits', currency: 'USDT' }, amount: -amount },
      { account: { userId, currency: 'USDT' }, amount },
    ],
  });

async function kinds(userId: string) {
  const { sql: run } = await getDbHandle();
  const { rows } = await run(
    `SELECT kind, balance::text AS b FROM ledger_accounts WHERE user_id = $1 AND currency = 'USDT'`,
    [userId],
  );
  return Object.fromEntries(rows.map((r) => [r.kind, String(r.b)]));
}

/** Opening a game for real play, as the game page does. */
async function launch(token: string) {
  const db = await getDb();
  const [game] = await db.select({ slug: games.slug }).from(games).limit(1);
  const path = `/games/${game!.slug}/play`;
  return call(
    (req) => play(req, { params: Promise.resolve({ slug: game!.slug }) }),
    request('POST', path, { token }),
  );
}

const limitOf = (p: Protection, kind: string, period: string) =>
  p.limits.find((l) => l.kind === kind && l.period === period)!;

describe('limits', () => {
  it('refuses bad limits and changes nothing', async () => {
    const { token } = await player('limit-bad');
    for (const body of [
      { kind: 'deposit', period: 'day', amount: 0 },
      { kind: 'deposit', period: 'day', amount: -5 },
      { kind: 'deposit', period: 'day', amount: 10.5 },
      { kind: 'deposit', period: 'day', amount: 10_000_001 },
      { kind: 'deposit', period: 'day', amount: '100' },
      { kind: 'bonus', period: 'day', amount: 100 },
      { kind: 'deposit', period: 'year', amount: 100 },
      { kind: 'deposit', period: 'day' },
    ]) {
      expect(await limit(token, body)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    }
    const now = await call<Protection>(protection, request('GET', '/users/protection', { token }));
    expect(now.data!.limits.every((l) => l.amount === null && l.pending === null)).toBe(true);
    expect(now.data!.limits).toHaveLength(9);
  });

  it('a decrease applies at once, an increase or removal only after 24 hours', async () => {
    const { token, userId } = await player('limit-rule');
    let p = (await limit(token, { kind: 'deposit', period: 'week', amount: 500 })).data!;
    expect(limitOf(p, 'deposit', 'week')).toMatchObject({ amount: 500, pending: null });
    p = (await limit(token, { kind: 'deposit', period: 'week', amount: 200 })).data!;
    expect(limitOf(p, 'deposit', 'week')).toMatchObject({ amount: 200, pending: null });

    p = (await limit(token, { kind: 'deposit', period: 'week', amount: 1000 })).data!;
    const pending = limitOf(p, 'deposit', 'week');
    expect(pending.amount).toBe(200);
    expect(pending.pending!.amount).toBe(1000);
    const wait = new Date(pending.pending!.effectiveAt).getTime() - Date.now();
    expect(wait).toBeGreaterThan(23.9 * 3_600_000);
    expect(wait).toBeLessThanOrEqual(24 * 3_600_000);

    // The clock moves on 24 hours: the increase is in force.
    const db = await getDb();
    await db
      .update(playerLimits)
      .set({ pendingAt: new Date(Date.now() - 1000) })
      .where(eq(playerLimits.userId, userId));
    p = (await call<Protection>(protection, request('GET', '/users/protection', { token }))).data!;
    expect(limitOf(p, 'deposit', 'week')).toMatchObject({ amount: 1000, pending: null });

    // Removing waits too; lowering again meanwhile cancels the removal.
    p = (await limit(token, { kind: 'deposit', period: 'week', amount: null })).data!;
    expect(limitOf(p, 'deposit', 'week')).toMatchObject({
      amount: 1000,
      pending: { amount: null },
    });
    p = (await limit(token, { kind: 'deposit', period: 'week', amount: 900 })).data!;
    expect(limitOf(p, 'deposit', 'week')).toMatchObject({ amount: 900, pending: null });
  });

  it('a deposit limit hides deposit addresses once reached and refuses a wallet payment past it', async () => {
    const { token, userId } = await player('limit-deposit');
    await limit(token, { kind: 'deposit', period: 'day', amount: 100 });
    await deposit(userId, usdt(70));
    const ask = (amount?: string) =>
      call(
        depositAddress,
        request(
          'GET',
          `/wallet/deposit-address?currency=USDT&network=ethereum${amount ? `&amount=${amount}` : ''}`,
          { token },
        ),
      );
    const past = await ask('40');
    expect(past).toMatchObject({ status: 403, code: 'DEPOSIT_LIMIT_EXCEEDED' });
    expect(past.error!.message).toContain('30.00 USD');
    // Within the limit, the limit lets it through: what answers is the next check (no deposit key
    // is configured in the tests).
    expect(await ask('30')).toMatchObject({ status: 503, code: 'DEPOSITS_UNAVAILABLE' });

    // A deposit that still arrives past the limit is credited, to the withdraw-only balance.
    const posted = await deposit(userId, usdt(50), 'past-the-limit');
    expect(posted.withdrawOnly).toBe(true);
    // A retry answers the same, where the money went included.
    expect(await deposit(userId, usdt(50), 'past-the-limit')).toEqual({
      transactionId: posted.transactionId,
      replayed: true,
      withdrawOnly: true,
      balances: [],
    });
    expect(await kinds(userId)).toMatchObject({
      available: String(usdt(70)),
      withdraw_only: String(usdt(50)),
    });
    expect(await ask()).toMatchObject({ status: 403, code: 'DEPOSIT_LIMIT_REACHED' });
    // Nothing left to pay into: any amount is refused as reached, not as "only 0.00 left".
    expect(await ask('10')).toMatchObject({ status: 403, code: 'DEPOSIT_LIMIT_REACHED' });
    const shown = await call<Array<{ currency: string; amount: string; withdrawOnly?: string }>>(
      balances,
      request('GET', '/wallet/balances', { token }),
    );
    expect(shown.data!.find((b) => b.currency === 'USDT')).toMatchObject({
      amount: '70.000000',
      withdrawOnly: '50.000000',
    });
    // Withdraw-only money cannot be staked.
    await expect(bet(userId, usdt(71))).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await checkLedger()).toEqual([]);
  });

  it('wager and loss limits refuse the bet that would pass them, counted in the posting', async () => {
    const { token, userId } = await player('limit-bets');
    await fund(userId, 'USDT', usdt(1000));
    await limit(token, { kind: 'wager', period: 'day', amount: 100 });
    await bet(userId, usdt(60));
    // Within the limit the game opens; once it is reached, the launch says which limit.
    const opened = await launch(token);
    expect(opened.code).not.toMatch(/LIMIT/);
    expect(opened.status).toBeLessThan(500);
    await expect(bet(userId, usdt(41))).rejects.toMatchObject({ code: 'WAGER_LIMIT_REACHED' });
    await bet(userId, usdt(40));
    await expect(bet(userId, usdt(1))).rejects.toMatchObject({ code: 'WAGER_LIMIT_REACHED' });
    expect(await launch(token)).toMatchObject({ status: 403, code: 'WAGER_LIMIT_REACHED' });

    const other = await player('limit-loss');
    await fund(other.userId, 'USDT', usdt(1000));
    await limit(other.token, { kind: 'loss', period: 'month', amount: 50 });
    await bet(other.userId, usdt(40));
    await win(other.userId, usdt(30));
    // Lost 10 so far: a stake of 40 could lose 50 in all, 41 could pass it.
    await expect(bet(other.userId, usdt(41))).rejects.toMatchObject({
      code: 'LOSS_LIMIT_REACHED',
    });
    await bet(other.userId, usdt(40));
    // Nothing more may be staked, and the game launch says so.
    expect(await launch(other.token)).toMatchObject({ status: 403, code: 'LOSS_LIMIT_REACHED' });
  });

  it('parallel bets cannot pass a wager limit together', async () => {
    const { token, userId } = await player('limit-race');
    await fund(userId, 'USDT', usdt(1000));
    await limit(token, { kind: 'wager', period: 'day', amount: 50 });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => bet(userId, usdt(10))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(await kinds(userId)).toMatchObject({ available: String(usdt(950)) });
  });

  it('the reality check setting takes only the offered intervals, and the session figures add up', async () => {
    const { token, userId } = await player('reality');
    const set = (minutes: unknown) =>
      call<Protection>(
        realityCheck,
        request('PUT', '/users/protection/reality-check', { token, body: { minutes } }),
      );
    expect(await set(7)).toMatchObject({ status: 400 });
    expect(await set('30')).toMatchObject({ status: 400 });
    expect((await set(30)).data!.realityCheckMinutes).toBe(30);
    expect((await set(null)).data!.realityCheckMinutes).toBeNull();
    await fund(userId, 'USDT', usdt(100));
    await bet(userId, usdt(20));
    await win(userId, usdt(5));
    // The session began an hour ago: the figures run from its sign-in, not from now.
    const db = await getDb();
    const { rows } = (await db.execute(sql`
      UPDATE sessions SET created_at = date_trunc('second', now()) - interval '1 hour'
      WHERE user_id = ${userId} RETURNING (extract(epoch FROM created_at) * 1000)::float8 AS started`)) as {
      rows: { started: number }[];
    };
    const started = rows[0]!.started;
    const figures = await call(playSession, request('GET', '/users/protection/session', { token }));
    expect(figures.data).toMatchObject({ wageredUsd: 20, netResultUsd: -15 });
    expect(new Date((figures.data as { startedAt: string }).startedAt).getTime()).toBe(
      Number(started),
    );
  });
});

describe('time-out, self-exclusion and closure', () => {
  let socketServer: Server;
  let port: number;

  beforeAll(async () => {
    const http = createServer();
    socketServer = new Server(http);
    attachSocketAuth(socketServer, authenticateStream);
    (globalThis as { __io?: Server }).__io = socketServer;
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    port = (http.address() as AddressInfo).port;
  });
  afterAll(async () => {
    (globalThis as { __io?: Server }).__io = undefined;
    await new Promise((resolve) => socketServer.close(resolve));
  });

  const signIn = (email: string) =>
    call<{ token: string }>(
      login,
      request('POST', '/auth/login', {
        body: { email, password: 'secret123' },
        ip: freshIp(),
      }),
    );

  it('refuses bad break requests and changes nothing', async () => {
    const { token } = await player('break-bad');
    const ask = (body: unknown) =>
      call(startBreak, request('POST', '/users/protection/break', { token, body }));
    expect(await ask({ kind: 'time-out', duration: '6m' })).toMatchObject({ status: 400 });
    expect(await ask({ kind: 'self-exclusion', duration: '1d' })).toMatchObject({ status: 400 });
    expect(await ask({ kind: 'time-out', duration: '7w' })).toMatchObject({ status: 400 });
    expect(await ask({ kind: 'holiday', duration: '1d' })).toMatchObject({ status: 400 });
    expect((await call(profile, request('GET', '/users/profile', { token }))).data).toMatchObject({
      restriction: null,
    });
  });

  it('a self-exclusion signs out everywhere at once, and sign-in then opens only a restricted session that can withdraw what arrives', async () => {
    // Withdrawals are taken only where something pays them.
    const restore = hotWalletOnEthereum();
    const { email, userId, token, streamToken } = await player('exclusion');
    await fund(userId, 'USDT', usdt(100));
    const socket = connect(`http://127.0.0.1:${port}`, {
      auth: { token: streamToken },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', resolve);
      socket.on('connect_error', reject);
    });
    const disconnected = new Promise<string>((resolve) => socket.on('disconnect', resolve));
    const started = await call(
      startBreak,
      request('POST', '/users/protection/break', {
        token,
        body: { kind: 'self-exclusion', duration: '6m' },
      }),
    );
    expect(started).toMatchObject({ code: 'success', data: { kind: 'self-exclusion' } });
    const until = new Date((started.data as { until: string }).until);
    expect(until.getTime() - Date.now()).toBeGreaterThan(180 * 24 * 3_600_000);
    expect(await disconnected).toBe('io server disconnect');
    expect((await call(profile, request('GET', '/users/profile', { token }))).status).toBe(401);
    const db = await getDb();
    const [row] = await db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({ marketingEmail: false, marketingSms: false });

    // Signing in again: a restricted session.
    const again = await signIn(email);
    expect(again.code).toBe('success');
    const restricted = again.data!.token;
    const me = await call(profile, request('GET', '/users/profile', { token: restricted }));
    expect(me.data).toMatchObject({
      restrictedSession: true,
      restriction: { kind: 'self-exclusion' },
    });
    const page = await call(protection, request('GET', '/users/protection', { token: restricted }));
    expect(page.data).toMatchObject({
      restrictedSession: true,
      restriction: { kind: 'self-exclusion' },
    });
    // No deposit address, no play, no new limits, no bets.
    expect(
      await call(
        depositAddress,
        request('GET', '/wallet/deposit-address?currency=USDT&network=ethereum', {
          token: restricted,
        }),
      ),
    ).toMatchObject({ status: 403, code: 'ACCOUNT_RESTRICTED' });
    expect(await launch(restricted)).toMatchObject({ status: 403, code: 'ACCOUNT_RESTRICTED' });
    expect(await limit(restricted, { kind: 'wager', period: 'day', amount: 5 })).toMatchObject({
      status: 403,
    });
    await expect(bet(userId, usdt(1))).rejects.toMatchObject({ code: 'PLAY_RESTRICTED' });

    // A deposit still arrives: recorded, credited withdraw-only, and withdrawn through this session.
    expect((await deposit(userId, usdt(30))).withdrawOnly).toBe(true);
    const ask = (amount: string) =>
      call<Withdrawal>(
        withdraw,
        request('POST', '/wallet/withdrawals', {
          token: restricted,
          body: {
            currency: 'USDT',
            network: 'ethereum',
            address: ADDRESS,
            amount,
            idempotencyKey: crypto.randomUUID(),
          },
        }),
      );
    const first = await ask('20');
    expect(first.code).toBe('success');
    // The fee and amount came from the withdraw-only balance first.
    const afterFirst = await kinds(userId);
    expect(BigInt(afterFirst.withdraw_only!)).toBeLessThan(usdt(10));
    expect(afterFirst.available).toBe(String(usdt(100)));
    // Cancelled: it goes back where it came from.
    const cancelled = await call(
      withId(cancel, first.data!.id),
      request('POST', `/wallet/withdrawals/${first.data!.id}/cancel`, { token: restricted }),
    );
    expect(cancelled.code).toBe('success');
    expect(await kinds(userId)).toMatchObject({
      available: String(usdt(100)),
      withdraw_only: String(usdt(30)),
      held: '0',
    });
    expect((await ask('120')).code).toBe('success');
    expect(await checkLedger()).toEqual([]);
    restore();
  });

  it('a wallet sign-in during a break opens a restricted session too', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const walletSignIn = async () => {
      const asked = await call<{ messageToSign: string }>(
        metamaskMessage,
        request('POST', '/auth/metamask/message', {
          body: { publicAddress: account.address },
          ip: freshIp(),
        }),
      );
      const messageToSign = asked.data!.messageToSign;
      const body = {
        publicAddress: account.address,
        messageToSign,
        signature: await account.signMessage({ message: messageToSign }),
      };
      const done = await call<{ token: string }>(
        metamaskVerify,
        request('POST', '/auth/metamask/verify', { body }),
      );
      return done.data!.token;
    };
    const token = await walletSignIn();
    expect(
      await call(
        startBreak,
        request('POST', '/users/protection/break', {
          token,
          body: { kind: 'time-out', duration: '1w' },
        }),
      ),
    ).toMatchObject({ code: 'success' });
    const again = await walletSignIn();
    expect(
      (await call(profile, request('GET', '/users/profile', { token: again }))).data,
    ).toMatchObject({
      restrictedSession: true,
      restriction: { kind: 'time-out' },
    });
  });

  it('a break cannot be laid over one in force, and a time-out ends on its own', async () => {
    const { email, userId, token } = await player('timeout');
    const second = (await signIn(email)).data!.token;
    const answers = await Promise.all(
      [token, second].map((t) =>
        call(
          startBreak,
          request('POST', '/users/protection/break', {
            token: t,
            body: { kind: 'time-out', duration: '1d' },
          }),
        ),
      ),
    );
    // Both sessions asked at once: one break starts; the other is refused (its session ended with
    // the first, or the conditional update found a break in force).
    expect(answers.filter((a) => a.code === 'success')).toHaveLength(1);
    expect(answers.filter((a) => a.status === 401 || a.status === 403)).toHaveLength(1);
    const db = await getDb();
    await db
      .update(users)
      .set({ restrictedUntil: sql`now() - interval '1 minute'` })
      .where(eq(users.id, userId));
    const after = await signIn(email);
    const me = await call(profile, request('GET', '/users/profile', { token: after.data!.token }));
    expect(me.data).toMatchObject({ restrictedSession: false, restriction: null });
    const page = await call(
      protection,
      request('GET', '/users/protection', { token: after.data!.token }),
    );
    expect(page.data).toMatchObject({ restrictedSession: false, restriction: null });

    // A break that has ended is no bar to the next: after a time-out, a self-exclusion; after
    // that one ends, a time-out again.
    const lay = (token: string, body: { kind: string; duration: string }) =>
      call(startBreak, request('POST', '/users/protection/break', { token, body }));
    expect(await lay(after.data!.token, { kind: 'self-exclusion', duration: '6m' })).toMatchObject({
      code: 'success',
      data: { kind: 'self-exclusion' },
    });
    await db
      .update(users)
      .set({ restrictedUntil: sql`now() - interval '1 minute'` })
      .where(eq(users.id, userId));
    const third = (await signIn(email)).data!.token;
    expect(await lay(third, { kind: 'time-out', duration: '1d' })).toMatchObject({
      code: 'success',
      data: { kind: 'time-out' },
    });
  });

  it('closing needs the password, is final, and the data export works in the restricted session', async () => {
    const { email, userId, token } = await player('closure');
    const db = await getDb();
    await db.execute(sql`UPDATE sessions SET created_at = now() - interval '1 hour'`);
    const ask = (body: unknown) => call(close, request('POST', '/users/close', { token, body }));
    expect(await ask({ confirm: true })).toMatchObject({
      status: 403,
      code: 'PASSWORD_CONFIRMATION_REQUIRED',
    });
    expect(await ask({ confirm: true, password: 'wrong-pass1' })).toMatchObject({
      code: 'INVALID_PASSWORD',
    });
    expect(await ask({ password: 'secret123' })).toMatchObject({ status: 400 });
    expect(await ask({ confirm: true, password: 'secret123' })).toMatchObject({
      code: 'success',
      data: { kind: 'closed', until: null },
    });
    const restricted = (await signIn(email)).data!.token;
    const me = await call(profile, request('GET', '/users/profile', { token: restricted }));
    expect(me.data).toMatchObject({ restriction: { kind: 'closed', until: null } });

    const response = await exportData(request('GET', '/users/export', { token: restricted }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="account-\d+-/,
    );
    const text = await response.text();
    const document = JSON.parse(text) as {
      account: { id: string; email: string; restriction: string };
      sessions: unknown[];
      signIns: unknown[];
    };
    expect(document.account).toMatchObject({ id: userId, email, restriction: 'closed' });
    expect(document.sessions.length).toBeGreaterThanOrEqual(2);
    expect(document.signIns.length).toBeGreaterThanOrEqual(1);
    expect(text).not.toMatch(/passwordHash|twoFactorSecret|tokenHash|\$argon2/);
  });
});

describe('the protection API', () => {
  const handlers = [
    ['get', '/users/protection', 'protection', protection],
    ['put', '/users/protection/limits', 'setLimit', setLimit],
    ['put', '/users/protection/reality-check', 'setRealityCheck', realityCheck],
    ['get', '/users/protection/session', 'playSession', playSession],
    ['post', '/users/protection/break', 'startBreak', startBreak],
    ['post', '/users/close', 'closeAccount', close],
    ['get', '/users/export', 'exportData', exportData],
  ] as const;

  it('answers 401 to every call without a session', async () => {
    for (const [method, path, , handler] of handlers) {
      const body = method === 'get' ? undefined : { kind: 'wager', period: 'day', amount: 5 };
      expect(await call(handler, request(method.toUpperCase(), path, { body }))).toMatchObject({
        status: 401,
        code: 'UNAUTHORIZED',
      });
    }
  });

  it('is published where its handlers answer, each call named and described under its tag', () => {
    const { paths } = buildOpenApiDocument('http://localhost/api/v1');
    for (const [method, path, operationId] of handlers) {
      const operation = (paths[path] as Record<string, Record<string, unknown>> | undefined)?.[
        method
      ];
      expect(operation).toMatchObject({ operationId, tags: ['protection'] });
      expect(operation?.summary).toEqual(expect.stringMatching(/\w{3,}/));
      // Only the player's own session opens it.
      expect(operation?.security).toBeDefined();
    }
  });
});
