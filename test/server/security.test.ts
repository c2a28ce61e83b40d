import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { Server } from 'socket.io';
import { io as connect } from 'socket.io-client';
import { POST as twoFactorEnable } from '@/app/api/v1/auth/2fa/enable/route';
import { POST as twoFactorSetup } from '@/app/api/v1/auth/2fa/setup/route';
import { POST as resend } from '@/app/api/v1/auth/activate/resend/route';
import { POST as login } from '@/app/api/v1/auth/login/route';
import { POST as resetSend } from '@/app/api/v1/auth/password-reset/send/route';
import { POST as resetVerify } from '@/app/api/v1/auth/password-reset/verify/route';
import { POST as telegram } from '@/app/api/v1/auth/telegram/route';
import { GET as outbox } from '@/app/api/v1/dev/outbox/route';
import { GET as me } from '@/app/api/v1/users/me/route';
import { PATCH as settings } from '@/app/api/v1/users/settings/route';
import { config } from '@/lib/config';
import { attachSocketAuth } from '@/lib/realtime/socket-auth';
import { CODE_MAX_ATTEMPTS } from '@/lib/server/auth/codes';
import { derivedKey, unseal } from '@/lib/server/auth/secrets';
import { authenticateStream } from '@/lib/server/auth/session';
import { telegramHash } from '@/lib/server/auth/methods/telegram';
import { closeDb, getDb } from '@/lib/server/db';
import { sessions, users, verificationCodes } from '@/lib/server/db/schema';
import { drainJobs } from '@/lib/server/jobs';
import { call, freshIp, lastCode, request, sentTo } from './helpers/api';
import { activateWith, activePlayer, signUp } from './helpers/players';

const mutable = config as Record<string, unknown>;

afterAll(() => closeDb());

const signIn = (email: string, password: string, extra: object = {}) =>
  call(
    login,
    request('POST', '/auth/login', { body: { email, password, ...extra }, ip: freshIp() }),
  );

describe('codes: tries are taken before a code is compared', () => {
  it('200 parallel wrong guesses compare at most 5; every other answer is the locked one; the right code is refused after', async () => {
    const email = 'brute@example.com';
    expect((await signUp(email, 'secret123')).code).toBe('success');
    const code = await lastCode(email);
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => activateWith(email, wrong(i))),
    );
    const compared = answers.filter((a) => a.code === 'INVALID_CODE');
    const locked = answers.filter((a) => a.code === 'CODE_ATTEMPTS_EXCEEDED');
    expect(compared.length).toBeLessThanOrEqual(CODE_MAX_ATTEMPTS);
    expect(compared.length + locked.length).toBe(200);
    expect(locked.every((a) => a.status === 429)).toBe(true);

    const db = await getDb();
    const [row] = await db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.contact, email));
    expect(row!.attempts).toBeLessThanOrEqual(CODE_MAX_ATTEMPTS);
    expect((await activateWith(email, code)).code).toBe('CODE_ATTEMPTS_EXCEEDED');
  });

  it('the reset "verify" step takes a try too: it is no free oracle', async () => {
    const email = 'oracle@example.com';
    await activePlayer(email);
    const ip = freshIp();
    await call(
      resetSend,
      request('POST', '/auth/password-reset/send', { body: { type: 'email', contact: email }, ip }),
    );
    const code = await lastCode(email);
    const verify = (value: string) =>
      call(
        resetVerify,
        request('POST', '/auth/password-reset/verify', {
          body: { type: 'email', contact: email, code: value },
          ip: freshIp(),
        }),
      );
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i += 1)
      expect((await verify(wrong)).code).toBe('INVALID_CODE');
    expect((await verify(code)).code).toBe('CODE_ATTEMPTS_EXCEEDED');
  });

  it('counts code checks per contact across addresses', async () => {
    // No code at all for this contact: only the per-contact count can stop the guesses.
    const email = 'per-contact@example.com';
    const answers = [];
    for (let i = 0; i < 12; i += 1) {
      answers.push(
        await call(
          resetVerify,
          request('POST', '/auth/password-reset/verify', {
            body: { type: 'email', contact: email, code: '123456' },
            ip: freshIp(),
          }),
        ),
      );
    }
    expect(answers.slice(0, 10).every((a) => a.code === 'INVALID_CODE')).toBe(true);
    expect(answers.slice(10).every((a) => a.status === 429)).toBe(true);
    expect(answers[10]!.code).toBe('CODE_ATTEMPTS_EXCEEDED');
  });
});

describe('sign-up requests never overwrite each other', () => {
  it("an attacker's pending sign-up, then the victim's: the victim's code gives the victim's password", async () => {
    const email = 'victim@example.com';
    expect((await signUp(email, 'attacker123')).code).toBe('success');
    await drainJobs();
    const attackerCode = await lastCode(email);
    expect((await signUp(email, 'victim1234')).code).toBe('success');
    const victimCode = await lastCode(email);
    expect(victimCode).not.toBe(attackerCode);

    expect((await activateWith(email, victimCode)).code).toBe('success');
    expect(await signIn(email, 'attacker123')).toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
    });
    expect((await signIn(email, 'victim1234')).code).toBe('success');
    // The other request's code died with the activation.
    expect((await activateWith(email, attackerCode)).code).toBe('INVALID_CODE');
  });

  it('a resend takes over the latest request and its password', async () => {
    const email = 'resend@example.com';
    await signUp(email, 'first1234');
    await lastCode(email);
    const resent = await call(
      resend,
      request('POST', '/auth/activate/resend', {
        body: { type: 'email', contact: email },
        ip: freshIp(),
      }),
    );
    expect(resent.code).toBe('success');
    const code = await lastCode(email);
    expect((await activateWith(email, code)).code).toBe('success');
    expect((await signIn(email, 'first1234')).code).toBe('success');
  });

  it('checks the send quotas before writing anything, for accounts that exist or not', async () => {
    const email = 'quota@example.com';
    const db = await getDb();
    const reset = (contact: string) =>
      call(
        resetSend,
        request('POST', '/auth/password-reset/send', {
          body: { type: 'email', contact },
          ip: freshIp(),
        }),
      );
    // Bad input is refused before it counts.
    for (let i = 0; i < 6; i += 1) expect((await reset('not an email')).status).toBe(400);
    // Five accepted requests for a contact with no account use up its quota.
    for (let i = 0; i < 5; i += 1) expect((await reset(email)).code).toBe('success');
    expect((await reset(email)).status).toBe(429);
    const before = await db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.contact, email));
    const refused = await signUp(email, 'secret123');
    expect(refused.status).toBe(429);
    const after = await db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.contact, email));
    expect(after.length).toBe(before.length);
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('answers sign-up, reset and resend the same whether the account exists', async () => {
    await activePlayer('exists@example.com');
    const timed = async (fn: () => Promise<{ status: number; code: string; data?: unknown }>) => {
      const started = performance.now();
      const answer = await fn();
      return { answer, ms: performance.now() - started };
    };
    const signUps = [];
    for (const email of ['exists@example.com', 'fresh-one@example.com']) {
      signUps.push(await timed(() => signUp(email, 'another123')));
    }
    expect(signUps[0]!.answer.status).toBe(200);
    expect(signUps[0]!.answer.data).toMatchObject({ activationRequired: true });
    expect(signUps[1]!.answer.data).toMatchObject({ activationRequired: true });
    for (const call_ of [resetSend, resend]) {
      const [known, unknown] = await Promise.all(
        ['exists@example.com', 'nobody-here@example.com'].map((contact) =>
          call(
            call_,
            request('POST', '/auth/x', { body: { type: 'email', contact }, ip: freshIp() }),
          ),
        ),
      );
      expect(known).toEqual(unknown);
    }
    // The existing account got a note that someone tried to sign up, no second activation code,
    // and nothing for the resend; the reset code is the reset's.
    const subjects = (await sentTo('exists@example.com')).map((m) => m.subject);
    expect(subjects.filter((s) => /tried to sign up/.test(s))).toHaveLength(1);
    expect(subjects.filter((s) => /activation code/.test(s))).toHaveLength(1);
    expect(subjects.filter((s) => /password reset/.test(s))).toHaveLength(1);
  });
});

describe('2FA codes are counted for every sign-in method', () => {
  it('Telegram: past ten codes in 15 minutes the account refuses more, even the right one', async () => {
    const BOT = '123456:test-bot-token';
    mutable.TELEGRAM_BOT_TOKEN = BOT;
    const data = {
      telegramId: '99001',
      telegramUser: 'tg2fa',
      authDate: Math.floor(Date.now() / 1000),
    };
    const body = { ...data, hash: telegramHash(data, BOT) };
    const first = await call(telegram, request('POST', '/auth/telegram', { body, ip: freshIp() }));
    const token = (first.data as { token: string }).token;
    const setup = await call(
      twoFactorSetup,
      request('POST', '/auth/2fa/setup', { token, body: {} }),
    );
    const secret = (setup.data as { secret: string }).secret;
    const enabled = await call(
      twoFactorEnable,
      request('POST', '/auth/2fa/enable', { token, body: { code: await generate({ secret }) } }),
    );
    expect(enabled.code).toBe('success');

    const fresh = { ...data, authDate: Math.floor(Date.now() / 1000) - 1 };
    const second = { ...fresh, hash: telegramHash(fresh, BOT) };
    const right = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 10; i += 1) {
      const answer = await call(
        telegram,
        request('POST', '/auth/telegram', {
          body: { ...second, twoFactorCode: wrong },
          ip: freshIp(),
        }),
      );
      expect(answer.code).toBe('INVALID_2FA');
    }
    const eleventh = await call(
      telegram,
      request('POST', '/auth/telegram', {
        body: { ...second, twoFactorCode: right },
        ip: freshIp(),
      }),
    );
    expect(eleventh).toMatchObject({ status: 429, code: 'TOO_MANY_SIGN_IN_ATTEMPTS' });
  });
});

describe('2FA changes need the password or a fresh sign-in', () => {
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

  it('refuses an old session without the password, takes the password, seals the secret, and ends the other sessions and their sockets', async () => {
    const email = 'stepup@example.com';
    const { token } = await activePlayer(email);
    const other = await signIn(email, 'secret123');
    const otherToken = other.data as { token: string; getStreamToken: string };
    const db = await getDb();
    // The sign-in is an hour old: a stolen token alone must not change 2FA.
    await db.update(sessions).set({ createdAt: new Date(Date.now() - 60 * 60_000) });
    const bare = await call(
      twoFactorSetup,
      request('POST', '/auth/2fa/setup', { token, body: {} }),
    );
    expect(bare).toMatchObject({ status: 403, code: 'PASSWORD_CONFIRMATION_REQUIRED' });
    const wrongPassword = await call(
      twoFactorSetup,
      request('POST', '/auth/2fa/setup', { token, body: { password: 'nope12345' } }),
    );
    expect(wrongPassword).toMatchObject({ status: 400, code: 'INVALID_PASSWORD' });
    const setup = await call(
      twoFactorSetup,
      request('POST', '/auth/2fa/setup', { token, body: { password: 'secret123' } }),
    );
    const secret = (setup.data as { secret: string }).secret;

    // The secret is stored sealed, bound to the player's row.
    const [row] = await db.select().from(users).where(eq(users.email, email));
    expect(row!.twoFactorSecret).toMatch(/^enc:v1:/);
    expect(row!.twoFactorSecret).not.toContain(secret);
    expect(await unseal('totp-secret', row!.twoFactorSecret!, row!.id)).toBe(secret);
    expect(await unseal('totp-secret', row!.twoFactorSecret!, 'another-row')).toBeNull();

    const socket = connect(`http://127.0.0.1:${port}`, {
      auth: { token: otherToken.getStreamToken },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', resolve);
      socket.on('connect_error', reject);
    });
    const disconnected = new Promise<string>((resolve) => socket.on('disconnect', resolve));

    const noPassword = await call(
      twoFactorEnable,
      request('POST', '/auth/2fa/enable', { token, body: { code: await generate({ secret }) } }),
    );
    expect(noPassword.code).toBe('PASSWORD_CONFIRMATION_REQUIRED');
    const enabled = await call(
      twoFactorEnable,
      request('POST', '/auth/2fa/enable', {
        token,
        body: { code: await generate({ secret }), password: 'secret123' },
      }),
    );
    expect(enabled.code).toBe('success');
    expect(await disconnected).toBe('io server disconnect');
    expect((await call(me, request('GET', '/users/me', { token: otherToken.token }))).status).toBe(
      401,
    );
    expect((await call(me, request('GET', '/users/me', { token }))).status).toBe(200);
  });
});

describe('settings, bodies and keys', () => {
  it('PATCH /users/settings refuses an empty change and a language the platform does not offer', async () => {
    const { token } = await activePlayer('settings@example.com');
    const patch = (body: unknown) =>
      call(settings, request('PATCH', '/users/settings', { token, body }));
    expect(await patch({})).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect((await patch({ language: 'xx' })).status).toBe(400);
    expect((await patch({ navbarCurrency: 'NOPE' })).status).toBe(400);
    expect((await patch({ language: 'es' })).code).toBe('success');
  });

  it('stops reading a chunked body at the limit', async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // 64 KiB at a time, without end, and no Content-Length to refuse it by.
        sent += 65_536;
        controller.enqueue(new Uint8Array(65_536).fill(32));
        if (sent > 50_000_000) controller.close();
      },
    });
    const req = new Request('http://localhost/api/v1/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    const answer = await call(login, req);
    expect(answer).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    expect(sent).toBeLessThan(2_000_000);
  });

  it('derives one key per purpose with HKDF', async () => {
    const keys = await Promise.all(
      (['tokens', 'captcha', 'oauth-state', 'totp-secret'] as const).map(derivedKey),
    );
    expect(new Set(keys.map((k) => k.toString('hex'))).size).toBe(4);
    expect(keys.every((k) => k.length === 32)).toBe(true);
  });

  it('caps argon2 work: a flood of sign-ins is answered 503 past the queue, never 500', async () => {
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, i) => signIn(`flood${i}@example.com`, 'secret123')),
    );
    const statuses = new Set(answers.map((a) => a.status));
    expect([...statuses].every((s) => s === 401 || s === 503)).toBe(true);
    expect(answers.filter((a) => a.status === 503).length).toBeGreaterThan(0);
  });
});

describe('the development outbox', () => {
  it('answers loopback readers only, and nobody when SITE_URL is not local', async () => {
    expect((await call(outbox, request('GET', '/dev/outbox', { ip: '127.0.0.1' }))).code).toBe(
      'success',
    );
    expect((await call(outbox, request('GET', '/dev/outbox', { ip: '::1' }))).code).toBe('success');
    expect((await call(outbox, request('GET', '/dev/outbox', { ip: '203.0.113.7' }))).status).toBe(
      404,
    );
    expect((await call(outbox, request('GET', '/dev/outbox'))).status).toBe(404);
    const site = mutable.SITE_URL;
    mutable.SITE_URL = 'https://casino.example';
    try {
      expect((await call(outbox, request('GET', '/dev/outbox', { ip: '127.0.0.1' }))).status).toBe(
        404,
      );
    } finally {
      mutable.SITE_URL = site;
    }
  });
});

describe('rows of refused sign-ins', () => {
  it('a pending sign-up leaves the account without a password until activation', async () => {
    await signUp('nopass@example.com', 'secret123');
    await drainJobs();
    const db = await getDb();
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.email, 'nopass@example.com'), eq(users.status, 'pending')));
    expect(row!.passwordHash).toBeNull();
  });
});

describe('the kept keys', () => {
  it('follow the master key: a token signed before AUTH_SECRET changed is refused after', async () => {
    const { signToken, verifyToken } = await import('@/lib/server/auth/tokens');
    const saved = mutable.AUTH_SECRET;
    const claims = { sub: 'player-1', sid: 'session-1', kind: 'access' as const };
    const later = new Date(Date.now() + 60_000);
    try {
      mutable.AUTH_SECRET = 'a'.repeat(40);
      const first = await derivedKey('tokens');
      const token = await signToken(claims, later);
      expect(await verifyToken(token, 'access')).toEqual(claims);
      mutable.AUTH_SECRET = 'b'.repeat(40);
      expect((await derivedKey('tokens')).equals(first)).toBe(false);
      expect(await verifyToken(token, 'access')).toBeNull();
      expect(await verifyToken(await signToken(claims, later), 'access')).toEqual(claims);
      mutable.AUTH_SECRET = 'a'.repeat(40);
      expect(await verifyToken(token, 'access')).toEqual(claims);
    } finally {
      mutable.AUTH_SECRET = saved;
    }
  });
});

describe('said at start', () => {
  it('warns a production server without AUTH_SECRET', async () => {
    const { logger } = await import('@/lib/logger');
    const { announceSecrets } = await import('@/lib/server/auth/secrets');
    const warn = jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const saved = { NODE_ENV: mutable.NODE_ENV, AUTH_SECRET: mutable.AUTH_SECRET };
    try {
      Object.assign(mutable, { NODE_ENV: 'production', AUTH_SECRET: undefined });
      announceSecrets();
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('AUTH_SECRET is not set'));
      warn.mockClear();
      Object.assign(mutable, { AUTH_SECRET: 'x'.repeat(40) });
      announceSecrets();
      expect(warn).not.toHaveBeenCalled();
    } finally {
      Object.assign(mutable, saved);
      warn.mockRestore();
    }
  });
});
