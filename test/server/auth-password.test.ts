import { eq } from 'drizzle-orm';
import { POST as activate } from '@/app/api/v1/auth/activate/route';
import { POST as resendActivation } from '@/app/api/v1/auth/activate/resend/route';
import { POST as register } from '@/app/api/v1/auth/register/route';
import { generate } from 'otplib';
import { POST as twoFactorDisable } from '@/app/api/v1/auth/2fa/disable/route';
import { POST as twoFactorEnable } from '@/app/api/v1/auth/2fa/enable/route';
import { POST as twoFactorSetup } from '@/app/api/v1/auth/2fa/setup/route';
import { POST as login } from '@/app/api/v1/auth/login/route';
import { POST as logout } from '@/app/api/v1/auth/logout/route';
import { POST as resetConfirm } from '@/app/api/v1/auth/password-reset/confirm/route';
import { POST as resetSend } from '@/app/api/v1/auth/password-reset/send/route';
import { POST as resetVerify } from '@/app/api/v1/auth/password-reset/verify/route';
import { GET as me } from '@/app/api/v1/users/me/route';
import { GET as profile } from '@/app/api/v1/users/profile/route';
import { PATCH as trackRoute } from '@/app/api/v1/users/route/route';
import { GET as supportProfile } from '@/app/api/v1/users/support-profile/route';
import { GET as balances } from '@/app/api/v1/wallet/balances/route';
import { closeDb, getDb } from '@/lib/server/db';
import { outboxMessages, sessions, users, verificationCodes } from '@/lib/server/db/schema';
import { call, freshIp, lastCode, request, sentTo } from './helpers/api';
import { activateWith, activePlayer, newCaptcha, signUp } from './helpers/players';

afterAll(() => closeDb());

describe('Sign-up and activation', () => {
  it('stores a pending player with an argon2id hash, sends a code, and activation signs in', async () => {
    const answer = await signUp('  New.Player@Example.COM ', 'secret123', {
      promotionCode: 'FRIEND1',
    });
    expect(answer).toMatchObject({
      status: 200,
      code: 'success',
      data: { type: 'email', contact: 'new.player@example.com', activationRequired: true },
    });
    // The delivery job made the pending player; the password waits on the request's code.
    await sentTo('new.player@example.com');
    const db = await getDb();
    const [row] = await db.select().from(users).where(eq(users.email, 'new.player@example.com'));
    expect(row).toMatchObject({ status: 'pending', promotionCode: 'FRIEND1', loginType: 'email' });
    expect(row!.passwordHash).toBeNull();
    const [request0] = await db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.contact, 'new.player@example.com'));
    const pendingHash = request0!.payload!.passwordHash;
    expect(pendingHash).toMatch(/^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=1\$/);
    const [, memory, passes] = pendingHash.match(/m=(\d+),t=(\d+)/)!;
    expect(Number(memory)).toBeGreaterThanOrEqual(19 * 1024);
    expect(Number(passes)).toBeGreaterThanOrEqual(2);

    // Not activated yet: no session. The sign-up's own password hears that the account waits for
    // its code (the form then offers it again); any other password hears what a wrong one gets.
    const early = await call(
      login,
      request('POST', '/auth/login', {
        body: { email: 'new.player@example.com', password: 'secret123' },
      }),
    );
    expect(early).toMatchObject({ status: 403, code: 'ACCOUNT_NOT_ACTIVATED' });
    expect(early.data).toBeUndefined();
    const guessed = await call(
      login,
      request('POST', '/auth/login', {
        body: { email: 'new.player@example.com', password: 'guessed123' },
      }),
    );
    expect(guessed).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });

    const code = await lastCode('new.player@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await call(
      activate,
      request('POST', '/auth/activate', {
        body: { type: 'email', contact: 'new.player@example.com', code: wrong },
      }),
    );
    expect(bad).toMatchObject({ status: 400, code: 'INVALID_CODE' });

    const done = await call(
      activate,
      request('POST', '/auth/activate', {
        body: { type: 'email', contact: 'New.Player@example.com', code },
      }),
    );
    expect(done).toMatchObject({
      code: 'success',
      data: { two_factor_enabled: false, email: 'new.player@example.com' },
    });
    expect(typeof (done.data as { token: string }).token).toBe('string');
    expect(typeof (done.data as { getStreamToken: string }).getStreamToken).toBe('string');

    const [active] = await db.select().from(users).where(eq(users.email, 'new.player@example.com'));
    expect(active!.passwordHash).toBe(pendingHash);

    // The code was single use.
    const again = await call(
      activate,
      request('POST', '/auth/activate', {
        body: { type: 'email', contact: 'new.player@example.com', code },
      }),
    );
    expect(again.code).toBe('INVALID_CODE');
  });

  it('signs up by phone; an existing account gets the same answer and a note instead of a code', async () => {
    const ip = freshIp();
    const body = {
      isEmail: false,
      phone: '+506 8888 1234',
      password: 'phone1234',
      repeatPassword: 'phone1234',
      language: 'es',
      captcha: await newCaptcha(ip),
    };
    const answer = await call(register, request('POST', '/auth/register', { body, ip }));
    expect(answer).toMatchObject({
      code: 'success',
      data: { type: 'phone', contact: '+50688881234' },
    });
    const code = await lastCode('+50688881234');
    const done = await call(
      activate,
      request('POST', '/auth/activate', { body: { type: 'phone', contact: '+50688881234', code } }),
    );
    expect(done.code).toBe('success');
    const twice = await call(
      register,
      request('POST', '/auth/register', { body: { ...body, captcha: await newCaptcha(ip) }, ip }),
    );
    expect(twice).toMatchObject({ status: 200, code: 'success', data: answer.data });
    const [note] = await sentTo('+50688881234');
    // In the language of the request that asked (Spanish here).
    expect(note!.body).toContain('ya tienes una');
    expect(note!.body).not.toMatch(/\b\d{6}\b/);
  });

  it.each([
    [
      { password: 'short1', repeatPassword: 'short1' },
      'password: Password must be at least 8 characters',
    ],
    [
      { password: 'nodigitshere', repeatPassword: 'nodigitshere' },
      'Password must contain at least one digit',
    ],
    [{ repeatPassword: 'different1' }, 'Passwords do not match'],
    [{ email: 'not-an-email' }, 'Enter a valid email address'],
    [{ isEmail: false, email: undefined, phone: '+1 555' }, 'Enter a valid phone number'],
    [{ password: `${'a1'.repeat(65)}`, repeatPassword: `${'a1'.repeat(65)}` }, 'at most 128'],
    [{ promotionCode: 'bad code!' }, 'letters, digits'],
  ])(
    'rejects a bad sign-up %# with a clear message and stores nothing',
    async (change, message) => {
      const db = await getDb();
      const before = (await db.select().from(users)).length;
      const body = {
        isEmail: true,
        email: 'bad-input@example.com',
        password: 'secret123',
        repeatPassword: 'secret123',
        language: 'en',
        captcha: 'x',
        ...change,
      };
      const answer = await call(register, request('POST', '/auth/register', { body }));
      expect(answer.status).toBe(400);
      expect(answer.code).toBe('VALIDATION_ERROR');
      expect(answer.error!.message).toContain(message);
      expect((await db.select().from(users)).length).toBe(before);
    },
  );

  it('refuses a missing, forged or reused captcha', async () => {
    const base = {
      isEmail: true,
      email: 'captcha@example.com',
      password: 'secret123',
      repeatPassword: 'secret123',
      language: 'en',
    };
    const forged = Buffer.from(
      JSON.stringify({
        challenge: { parameters: { algorithm: 'PBKDF2/SHA-256' }, signature: 'f'.repeat(64) },
        solution: { counter: 1, derivedKey: 'aa' },
      }),
    ).toString('base64');
    const bad = await call(
      register,
      request('POST', '/auth/register', { body: { ...base, captcha: forged } }),
    );
    expect(bad).toMatchObject({ status: 400, code: 'CAPTCHA_INVALID' });

    const solved = await newCaptcha();
    const first = await call(
      register,
      request('POST', '/auth/register', { body: { ...base, captcha: solved } }),
    );
    expect(first.code).toBe('success');
    const replay = await call(
      register,
      request('POST', '/auth/register', {
        body: { ...base, email: 'captcha2@example.com', captcha: solved },
      }),
    );
    expect(replay).toMatchObject({ status: 400, code: 'CAPTCHA_INVALID' });
    const db = await getDb();
    expect(
      await db.select().from(users).where(eq(users.email, 'captcha2@example.com')),
    ).toHaveLength(0);
  });
});

describe('Sign-in, session and sign-out', () => {
  it('answers the spec shape, a new token on every sign-in, and 401 after sign-out', async () => {
    await activePlayer('signin@example.com');
    const body = { email: 'signin@example.com', password: 'secret123' };
    const first = await call(login, request('POST', '/auth/login', { body }));
    const second = await call(login, request('POST', '/auth/login', { body }));
    expect(first).toMatchObject({
      code: 'success',
      data: { two_factor_enabled: false, email: 'signin@example.com' },
    });
    const token = (first.data as { token: string }).token;
    expect(token).not.toBe((second.data as { token: string }).token);

    const user = await call(me, request('GET', '/users/me', { token }));
    expect(user).toMatchObject({
      code: 'success',
      data: { email: 'signin@example.com', avatar: null },
    });
    const prof = await call(profile, request('GET', '/users/profile', { token }));
    expect(prof.data).toMatchObject({
      memberUsername: expect.stringMatching(/^signin\d{4}$/),
      loginType: 'Email',
      levelInfo: { vipLevel: 0, percentageToNextLevel: 0 },
      settings: { language: 'en' },
    });
    expect((prof.data as { memberId: string }).memberId).toMatch(/^\d{8}$/);
    const support = await call(supportProfile, request('GET', '/users/support-profile', { token }));
    expect(support.data).toMatchObject({
      memberInfo: { loginType: 'Email', vipLevel: 0, balance: '0.000000 USDT' },
    });
    const wallet = await call(balances, request('GET', '/wallet/balances', { token }));
    expect(wallet.data).toEqual(
      expect.arrayContaining([{ currency: 'BTC', amount: '0.00000000' }]),
    );

    const tracked = await call(
      trackRoute,
      request('PATCH', '/users/route', {
        token,
        body: { route: 'http://localhost:3000/es/casino?tab=lobby' },
      }),
    );
    expect(tracked.code).toBe('success');
    const db = await getDb();
    const rows = await db
      .select()
      .from(sessions)
      .where(eq(sessions.currentRoute, 'http://localhost:3000/es/casino?tab=lobby'));
    expect(rows).toHaveLength(1);

    expect((await call(logout, request('POST', '/auth/logout', { token }))).code).toBe('success');
    expect(await call(me, request('GET', '/users/me', { token }))).toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
    });
    // The header's balances too: a signed-out token reads nothing.
    expect(await call(balances, request('GET', '/wallet/balances', { token }))).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
      error: { message: expect.any(String) },
    });
    // The other session is untouched.
    const other = await call(
      me,
      request('GET', '/users/me', { token: (second.data as { token: string }).token }),
    );
    expect(other.code).toBe('success');
  });

  it('refuses tampered tokens, alg none and a stream token used as an access token', async () => {
    const { token, getStreamToken } = await activePlayer('tokens@example.com');
    const [header, payload] = token.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...claims, sub: '00000000-0000-0000-0000-000000000000' }),
    ).toString('base64url');
    for (const bad of [
      none,
      `${header}.${forgedPayload}.${token.split('.')[2]}`,
      getStreamToken,
      `${token}x`,
    ]) {
      const answer = await call(me, request('GET', '/users/me', { token: bad }));
      expect(answer.status).toBe(401);
      expect(await call(balances, request('GET', '/wallet/balances', { token: bad }))).toEqual({
        status: 401,
        code: 'UNAUTHORIZED',
        error: { message: expect.any(String) },
      });
    }
  });

  it('an unfinished sign-up answers ACCOUNT_NOT_ACTIVATED to its own password only, and activates afterwards', async () => {
    const email = 'unfinished@example.com';
    await signUp(email, 'mine1234');
    await sentTo(email);
    const attempt = (password: string, headers: Record<string, string> = {}) =>
      call(login, request('POST', '/auth/login', { body: { email, password }, headers }));

    // Someone guessing learns nothing: the same answer as an unknown account.
    expect(await attempt('guess1234')).toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
    });
    const mine = await attempt('mine1234');
    expect(mine).toMatchObject({ status: 403, code: 'ACCOUNT_NOT_ACTIVATED' });
    expect(mine.error!.message).toBe(
      'This account is not activated yet. Enter the code we sent you to finish signing up.',
    );
    expect(mine.data).toBeUndefined();
    const spanish = await attempt('mine1234', { 'x-locale': 'es' });
    expect(spanish.code).toBe('ACCOUNT_NOT_ACTIVATED');
    expect(spanish.error!.message).toContain('activada');

    // The code can be asked for again, and activation then signs in with that password.
    const resent = await call(
      resendActivation,
      request('POST', '/auth/activate/resend', { body: { type: 'email', contact: email } }),
    );
    expect(resent.code).toBe('success');
    await sentTo(email);
    // The resent code's request carries the same password: still the same answer.
    expect(await attempt('mine1234')).toMatchObject({ code: 'ACCOUNT_NOT_ACTIVATED' });
    const done = await activateWith(email, await lastCode(email));
    expect(done.code).toBe('success');
    expect(await attempt('mine1234')).toMatchObject({ status: 200, code: 'success' });
  });

  it('past 10 failed sign-ins on an account in 15 minutes, a solved captcha is needed (no lockout)', async () => {
    await activePlayer('locked@example.com');
    for (let i = 0; i < 10; i += 1) {
      const answer = await call(
        login,
        request('POST', '/auth/login', {
          body: { email: 'locked@example.com', password: 'wrong1234' },
          ip: freshIp(),
        }),
      );
      expect(answer).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
    }
    const eleventh = await call(
      login,
      request('POST', '/auth/login', {
        body: { email: 'locked@example.com', password: 'secret123' },
        ip: freshIp(),
      }),
    );
    expect(eleventh).toMatchObject({ status: 400, code: 'CAPTCHA_REQUIRED' });
    const ip = freshIp();
    const withCaptcha = await call(
      login,
      request('POST', '/auth/login', {
        body: { email: 'locked@example.com', password: 'secret123', captcha: await newCaptcha(ip) },
        ip,
      }),
    );
    expect(withCaptcha.code).toBe('success');
    // A success clears the account's count: the next sign-in needs no captcha.
    const next = await call(
      login,
      request('POST', '/auth/login', {
        body: { email: 'locked@example.com', password: 'secret123' },
        ip: freshIp(),
      }),
    );
    expect(next.code).toBe('success');
  });

  it('answers unknown accounts and wrong passwords alike, with messages in the asked language', async () => {
    const unknown = await call(
      login,
      request('POST', '/auth/login', {
        body: { email: 'nobody@example.com', password: 'secret123' },
      }),
    );
    expect(unknown).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
    const missing = await call(
      login,
      request('POST', '/auth/login', { body: { email: 'a@b.co' } }),
    );
    expect(missing.error!.message).toContain('Password is required');
    const spanish = await call(
      login,
      request('POST', '/auth/login', { body: { email: 'a@b.co' }, headers: { 'x-locale': 'es' } }),
    );
    expect(spanish.error!.message).not.toContain('Password is required');
  });
});

describe('Two-factor authentication', () => {
  it('enables with a QR code and a code, asks for it at sign-in, and never takes a code twice', async () => {
    const { token } = await activePlayer('twofa@example.com');
    const setup = await call(
      twoFactorSetup,
      request('POST', '/auth/2fa/setup', { token, body: { password: 'secret123' } }),
    );
    const { secret, qrCode, otpauthUrl } = setup.data as {
      secret: string;
      qrCode: string;
      otpauthUrl: string;
    };
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    expect(otpauthUrl).toContain('otpauth://totp/');
    const bad = await call(
      twoFactorEnable,
      request('POST', '/auth/2fa/enable', { token, body: { code: '000000' } }),
    );
    expect(bad.code === 'INVALID_2FA' || bad.code === 'success').toBe(true);
    if (bad.code === 'INVALID_2FA') expect(bad.error!.message).toBe('Invalid 2FA code');

    const now = Date.now();
    const code = await generate({ secret, epoch: Math.floor(now / 1000) });
    const enabled = await call(
      twoFactorEnable,
      request('POST', '/auth/2fa/enable', { token, body: { code } }),
    );
    expect(enabled).toMatchObject({ code: 'success', data: { twoFactorEnabled: true } });

    const body = { email: 'twofa@example.com', password: 'secret123' };
    const step1 = await call(login, request('POST', '/auth/login', { body }));
    expect(step1).toMatchObject({
      code: 'success',
      data: { two_factor_enabled: true, token: null },
    });
    // The code that enabled 2FA is spent.
    const reused = await call(
      login,
      request('POST', '/auth/login', { body: { ...body, twoFactorCode: code } }),
    );
    expect(reused).toMatchObject({
      status: 400,
      code: 'INVALID_2FA',
      error: { message: 'Invalid 2FA code' },
    });

    const next = await generate({ secret, epoch: Math.floor(now / 1000) + 30 });
    const step2 = await call(
      login,
      request('POST', '/auth/login', { body: { ...body, twoFactorCode: next } }),
    );
    expect(step2).toMatchObject({ code: 'success', data: { two_factor_enabled: true } });
    expect(typeof (step2.data as { token: string }).token).toBe('string');

    // A minute on, a fresh code turns it off.
    const later = await generate({ secret, epoch: Math.floor(now / 1000) + 60 });
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now + 60_000);
    const off = await call(
      twoFactorDisable,
      request('POST', '/auth/2fa/disable', {
        token,
        body: { code: later, password: 'secret123' },
      }),
    );
    clock.mockRestore();
    expect(off).toMatchObject({ code: 'success', data: { twoFactorEnabled: false } });
  });
});

describe('Password reset', () => {
  it('sends a code, checks it, sets the new password and ends every session', async () => {
    const { token } = await activePlayer('reset@example.com', 'oldpass123');
    const db = await getDb();
    const sentBefore = (await db.select().from(outboxMessages)).length;
    const unknown = await call(
      resetSend,
      request('POST', '/auth/password-reset/send', {
        body: { type: 'email', contact: 'ghost@example.com' },
        ip: freshIp(),
      }),
    );
    expect(unknown).toMatchObject({ code: 'success', data: { sent: true } });
    expect((await db.select().from(outboxMessages)).length).toBe(sentBefore);

    const sent = await call(
      resetSend,
      request('POST', '/auth/password-reset/send', {
        body: { type: 'email', contact: 'Reset@Example.com' },
        ip: freshIp(),
      }),
    );
    expect(sent).toEqual(unknown);
    const code = await lastCode('reset@example.com');
    const checked = await call(
      resetVerify,
      request('POST', '/auth/password-reset/verify', {
        body: { type: 'email', contact: 'reset@example.com', code },
      }),
    );
    expect(checked).toMatchObject({ code: 'success', data: { valid: true } });
    const weak = await call(
      resetConfirm,
      request('POST', '/auth/password-reset/confirm', {
        body: {
          type: 'email',
          contact: 'reset@example.com',
          code,
          password: 'short',
          repeatPassword: 'short',
        },
      }),
    );
    expect(weak.status).toBe(400);
    const done = await call(
      resetConfirm,
      request('POST', '/auth/password-reset/confirm', {
        body: {
          type: 'email',
          contact: 'reset@example.com',
          code,
          password: 'newpass123',
          repeatPassword: 'newpass123',
        },
      }),
    );
    expect(done).toMatchObject({ code: 'success', data: { reset: true } });
    const replay = await call(
      resetConfirm,
      request('POST', '/auth/password-reset/confirm', {
        body: {
          type: 'email',
          contact: 'reset@example.com',
          code,
          password: 'other1234',
          repeatPassword: 'other1234',
        },
      }),
    );
    expect(replay.code).toBe('INVALID_CODE');

    expect((await call(me, request('GET', '/users/me', { token }))).status).toBe(401);
    const old = await call(
      login,
      request('POST', '/auth/login', {
        body: { email: 'reset@example.com', password: 'oldpass123' },
      }),
    );
    expect(old.code).toBe('INVALID_CREDENTIALS');
    const fresh = await call(
      login,
      request('POST', '/auth/login', {
        body: { email: 'reset@example.com', password: 'newpass123' },
      }),
    );
    expect(fresh.code).toBe('success');
  });
});
