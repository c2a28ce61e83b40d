import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { generate, generateSecret } from 'otplib';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { GET as coinbaseCallback } from '@/app/api/v1/auth/coinbase/callback/route';
import { GET as coinbaseUrl } from '@/app/api/v1/auth/coinbase/url/route';
import { POST as coinbaseValidate } from '@/app/api/v1/auth/coinbase/validate/route';
import { POST as google } from '@/app/api/v1/auth/google/route';
import { GET as providers } from '@/app/api/v1/auth/providers/route';
import { POST as telegram } from '@/app/api/v1/auth/telegram/route';
import { POST as googleLink } from '@/app/api/v1/users/google-link/route';
import { config } from '@/lib/config';
import { hashPassword } from '@/lib/server/auth/passwords';
import { createPlayer } from '@/lib/server/players/store';
import { createSession } from '@/lib/server/auth/session';
import { telegramHash } from '@/lib/server/auth/methods/telegram';
import { closeDb, getDb } from '@/lib/server/db';
import { signInCodes, users } from '@/lib/server/db/schema';
import { call, freshIp, request } from './helpers/api';

const BOT_TOKEN = '123456:test-bot-token';
const CLIENT_ID = 'site-client.apps.googleusercontent.com';
const mutable = config as Record<string, unknown>;
const servers: Server[] = [];

/** A local HTTP counterpart for an outside provider. */
async function serve(
  routes: Record<string, (body: string, headers: Record<string, unknown>) => [number, unknown]>,
) {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const route = routes[new URL(req.url!, 'http://x').pathname];
      const [status, payload] = route ? route(body, req.headers) : [404, {}];
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterAll(async () => {
  for (const s of servers) s.close();
  await closeDb();
});

describe('Telegram', () => {
  const widget = () => ({
    telegramId: '777001',
    telegramUser: 'lucky_player',
    name: 'Lucky',
    lastName: 'Player',
    authDate: Math.floor(Date.now() / 1000) - 60,
  });

  it('hides itself when no bot is configured', async () => {
    mutable.TELEGRAM_BOT_TOKEN = undefined;
    const off = await call(providers, request('GET', '/auth/providers'));
    expect((off.data as { telegram: unknown }).telegram).toBeNull();
    const refused = await call(
      telegram,
      request('POST', '/auth/telegram', { body: { ...widget(), hash: 'a'.repeat(64) } }),
    );
    expect(refused.status).toBe(404);
  });

  it('accepts the widget hash, and refuses a tampered field or a stale auth_date', async () => {
    mutable.TELEGRAM_BOT_TOKEN = BOT_TOKEN;
    const on = await call(providers, request('GET', '/auth/providers'));
    expect((on.data as { telegram: unknown }).telegram).toEqual({ botId: '123456', botName: null });

    const data = widget();
    const ok = await call(
      telegram,
      request('POST', '/auth/telegram', {
        body: { ...data, hash: telegramHash(data, BOT_TOKEN), promotionCode: 'TG1' },
        ip: freshIp(),
      }),
    );
    expect(ok).toMatchObject({ code: 'success', data: { two_factor_enabled: false } });

    const tampered = await call(
      telegram,
      request('POST', '/auth/telegram', {
        body: { ...data, telegramId: '777002', hash: telegramHash(data, BOT_TOKEN) },
        ip: freshIp(),
      }),
    );
    expect(tampered).toMatchObject({ status: 401, code: 'TELEGRAM_AUTH_INVALID' });

    const stale = { ...data, authDate: Math.floor(Date.now() / 1000) - 25 * 3600 };
    const old = await call(
      telegram,
      request('POST', '/auth/telegram', {
        body: { ...stale, hash: telegramHash(stale, BOT_TOKEN) },
        ip: freshIp(),
      }),
    );
    expect(old).toMatchObject({ status: 401, code: 'TELEGRAM_AUTH_EXPIRED' });
  });

  it('takes a payload once, and for ten minutes only', async () => {
    mutable.TELEGRAM_BOT_TOKEN = BOT_TOKEN;
    const data = { ...widget(), telegramId: '777010' };
    const body = { ...data, hash: telegramHash(data, BOT_TOKEN) };
    const first = await call(telegram, request('POST', '/auth/telegram', { body, ip: freshIp() }));
    expect(first.code).toBe('success');
    const replay = await call(telegram, request('POST', '/auth/telegram', { body, ip: freshIp() }));
    expect(replay).toMatchObject({ status: 401, code: 'TELEGRAM_AUTH_INVALID' });

    const elevenMinutes = { ...data, authDate: Math.floor(Date.now() / 1000) - 11 * 60 };
    const late = await call(
      telegram,
      request('POST', '/auth/telegram', {
        body: { ...elevenMinutes, hash: telegramHash(elevenMinutes, BOT_TOKEN) },
        ip: freshIp(),
      }),
    );
    expect(late).toMatchObject({ status: 401, code: 'TELEGRAM_AUTH_EXPIRED' });
  });
});

describe('Google', () => {
  let jwk: JWK;
  let privateKey: CryptoKey;
  let strangerKey: CryptoKey;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    privateKey = pair.privateKey as CryptoKey;
    strangerKey = (await generateKeyPair('RS256')).privateKey as CryptoKey;
    jwk = { ...(await exportJWK(pair.publicKey)), kid: 'local-1', alg: 'RS256', use: 'sig' };
    mutable.GOOGLE_JWKS_URL = `${await serve({ '/certs': () => [200, { keys: [jwk] }] })}/certs`;
    mutable.GOOGLE_CLIENT_ID = CLIENT_ID;
  });

  const token = (
    claims: Record<string, unknown> = {},
    key: CryptoKey = privateKey,
    exp: string | number = '1h',
  ) =>
    new SignJWT({
      email: 'g.player@example.com',
      email_verified: true,
      name: 'G Player',
      ...claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'local-1' })
      .setIssuer((claims.iss as string) ?? 'https://accounts.google.com')
      .setAudience((claims.aud as string) ?? CLIENT_ID)
      .setSubject((claims.sub as string) ?? 'google-sub-1')
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(key);

  it('signs in with a token signed by the key set', async () => {
    const ok = await call(
      google,
      request('POST', '/auth/google', { body: { credential: await token() }, ip: freshIp() }),
    );
    expect(ok).toMatchObject({ code: 'success', data: { email: 'g.player@example.com' } });
  });

  it('joins an existing account only when Google owns the address (gmail or hd); else the player links it', async () => {
    const owner = async (email: string) =>
      createPlayer({ email, passwordHash: await hashPassword('secret123'), status: 'active' });
    const signIn = async (claims: Record<string, unknown>) =>
      call(
        google,
        request('POST', '/auth/google', {
          body: { credential: await token(claims) },
          ip: freshIp(),
        }),
      );
    const db = await getDb();

    const company = await owner('owner@company.test');
    const refused = await signIn({ email: 'owner@company.test', sub: 'google-sub-2' });
    expect(refused).toMatchObject({ status: 409, code: 'GOOGLE_LINK_REQUIRED' });
    const [untouched] = await db.select().from(users).where(eq(users.id, company.id));
    expect(untouched!.googleSub).toBeNull();

    const workspace = await signIn({
      email: 'owner@company.test',
      sub: 'google-sub-3',
      hd: 'company.test',
    });
    expect(workspace.code).toBe('success');
    const [joined] = await db.select().from(users).where(eq(users.id, company.id));
    expect(joined!.googleSub).toBe('google-sub-3');

    const gmail = await owner('someone@gmail.com');
    expect((await signIn({ email: 'someone@gmail.com', sub: 'google-sub-4' })).code).toBe(
      'success',
    );
    const [linked] = await db.select().from(users).where(eq(users.id, gmail.id));
    expect(linked!.googleSub).toBe('google-sub-4');

    // The refused player signs in with the password, then connects Google themselves.
    const other = await owner('second@company.test');
    const session = await createSession(other.id);
    const link = await call(
      googleLink,
      request('POST', '/users/google-link', {
        token: session.token,
        body: { credential: await token({ email: 'second@company.test', sub: 'google-sub-5' }) },
      }),
    );
    expect(link).toMatchObject({ code: 'success', data: { linked: true } });
    const after = await signIn({ email: 'second@company.test', sub: 'google-sub-5' });
    expect(after.code).toBe('success');
    const [second] = await db.select().from(users).where(eq(users.id, other.id));
    expect(second!.googleSub).toBe('google-sub-5');
  });

  it('refuses a wrong audience, issuer, an expired token, another key and alg none', async () => {
    const now = Math.floor(Date.now() / 1000);
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', kid: 'local-1' })).toString('base64url')}.${Buffer.from(JSON.stringify({ sub: 'x', aud: CLIENT_ID, iss: 'https://accounts.google.com', exp: now + 600, iat: now })).toString('base64url')}.`;
    const credentials = [
      await token({ aud: 'another-client' }),
      await token({ iss: 'https://evil.example' }),
      await token({}, privateKey, now - 60),
      await token({}, strangerKey),
      none,
    ];
    for (const credential of credentials) {
      const answer = await call(
        google,
        request('POST', '/auth/google', { body: { credential }, ip: freshIp() }),
      );
      expect(answer).toMatchObject({ status: 401, code: 'GOOGLE_TOKEN_INVALID' });
    }
  });
});

describe('Coinbase', () => {
  beforeAll(async () => {
    const origin = await serve({
      '/oauth2/token': (body) =>
        new URLSearchParams(body).get('code') === 'good-code'
          ? [200, { access_token: 'cb-access-token' }]
          : [400, { error: 'invalid_grant' }],
      '/v2/user': (_body, headers) =>
        headers.authorization === 'Bearer cb-access-token'
          ? [200, { data: { id: 'cb-user-1', name: 'Coin Player' } }]
          : [401, {}],
    });
    Object.assign(mutable, {
      COINBASE_CLIENT_ID: 'cb-client',
      COINBASE_CLIENT_SECRET: 'cb-secret',
      COINBASE_TOKEN_URL: `${origin}/oauth2/token`,
      COINBASE_API_URL: `${origin}/v2`,
    });
  });

  const setCookies = (response: Response) =>
    Object.fromEntries(
      response.headers
        .getSetCookie()
        .map((c) => c.split(';')[0]!.split('=') as [string, string])
        .map(([name, value]) => [name, decodeURIComponent(value)]),
    );

  /** The browser's side of a Coinbase sign-in: authorize URL (state cookie), then the callback. */
  async function coinbaseRoundTrip(code = 'good-code') {
    const authorize = await coinbaseUrl(new Request('http://localhost/api/v1/auth/coinbase/url'));
    const stateCookie = setCookies(authorize).coinbase_state!;
    const location = new URL(((await authorize.json()) as { data: string }).data);
    const state = location.searchParams.get('state')!;
    const back = await coinbaseCallback(
      new Request(`http://localhost/api/v1/auth/coinbase/callback?code=${code}&state=${state}`, {
        headers: { cookie: `coinbase_state=${encodeURIComponent(stateCookie)}` },
      }),
    );
    return { location, state, stateCookie, back };
  }

  const validate = (accessToken: string, binder: string | null, extra: object = {}) =>
    call(
      coinbaseValidate,
      request('POST', '/auth/coinbase/validate', {
        body: { accessToken, publicAddress: '', ...extra },
        ip: freshIp(),
        headers: binder ? { cookie: `coinbase_binder=${encodeURIComponent(binder)}` } : {},
      }),
    );

  it('binds the state to the browser, exchanges the code on the server and hands back its own one-time code', async () => {
    const { location, state, stateCookie, back } = await coinbaseRoundTrip();
    expect(location.origin).toBe('https://login.coinbase.com');
    expect(location.searchParams.get('client_id')).toBe('cb-client');
    expect(stateCookie).toBe(state);
    expect(back.status).toBe(302);
    const signInCode = new URL(back.headers.get('location')!).searchParams.get('access_token')!;
    // Never Coinbase's own token in a URL: the platform's code, bound to this browser by a cookie.
    expect(signInCode).not.toBe('cb-access-token');
    expect(signInCode.length).toBeGreaterThanOrEqual(43);
    const binder = setCookies(back).coinbase_binder!;
    const cookieLine = back.headers.getSetCookie().find((c) => c.startsWith('coinbase_binder='))!;
    expect(cookieLine).toMatch(/HttpOnly/);
    expect(cookieLine).toMatch(/Max-Age=60\b/);

    const ok = await validate(signInCode, binder);
    expect(ok.code).toBe('success');
    expect(typeof (ok.data as { getStreamToken: string }).getStreamToken).toBe('string');
    // Single use.
    expect(await validate(signInCode, binder)).toMatchObject({
      status: 401,
      code: 'COINBASE_AUTH_FAILED',
    });
  });

  it('refuses a Coinbase token from the client, a code without its browser, and an expired code', async () => {
    // A Coinbase access token — even a valid one, for any app — is never accepted from a client.
    expect(await validate('cb-access-token', null)).toMatchObject({
      status: 401,
      code: 'COINBASE_AUTH_FAILED',
    });
    const { back } = await coinbaseRoundTrip();
    const signInCode = new URL(back.headers.get('location')!).searchParams.get('access_token')!;
    const binder = setCookies(back).coinbase_binder!;
    // Another browser (an attacker's link opened by a victim) has no binder cookie, or another one.
    expect((await validate(signInCode, null)).code).toBe('COINBASE_AUTH_FAILED');
    expect((await validate(signInCode, 'x'.repeat(43))).code).toBe('COINBASE_AUTH_FAILED');
    // Past its minute.
    const db = await getDb();
    await db.update(signInCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await validate(signInCode, binder)).code).toBe('COINBASE_AUTH_FAILED');

    const short = await validate('abc', null);
    expect(short.status).toBe(400);
    expect(short.error!.message).toContain('Coinbase token must be at least 5 characters');
  });

  it('refuses a callback without the state cookie (login CSRF), a forged state and a replayed one', async () => {
    const authorize = await coinbaseUrl(new Request('http://localhost/api/v1/auth/coinbase/url'));
    const state = new URL(((await authorize.json()) as { data: string }).data).searchParams.get(
      'state',
    )!;
    const refused = (response: Response) =>
      new URL(response.headers.get('location')!).searchParams.get('coinbase_error') === '1' &&
      !new URL(response.headers.get('location')!).searchParams.has('access_token');
    // The attacker's own valid state, opened in the victim's browser (no matching cookie).
    const csrf = await coinbaseCallback(
      new Request(`http://localhost/api/v1/auth/coinbase/callback?code=good-code&state=${state}`),
    );
    expect(refused(csrf)).toBe(true);
    const forged = `${state.slice(0, -2)}xx`;
    const tampered = await coinbaseCallback(
      new Request(`http://localhost/api/v1/auth/coinbase/callback?code=good-code&state=${forged}`, {
        headers: { cookie: `coinbase_state=${encodeURIComponent(forged)}` },
      }),
    );
    expect(refused(tampered)).toBe(true);
    const { state: used, stateCookie } = await coinbaseRoundTrip();
    const replay = await coinbaseCallback(
      new Request(`http://localhost/api/v1/auth/coinbase/callback?code=good-code&state=${used}`, {
        headers: { cookie: `coinbase_state=${encodeURIComponent(stateCookie)}` },
      }),
    );
    expect(refused(replay)).toBe(true);
  });

  it('never links the publicAddress it is sent, and keeps the code alive through a 2FA prompt', async () => {
    const victimAddress = '0x1234567890abcdef1234567890abcdef12345678';
    const { back } = await coinbaseRoundTrip();
    const signInCode = new URL(back.headers.get('location')!).searchParams.get('access_token')!;
    const binder = setCookies(back).coinbase_binder!;
    const ok = await validate(signInCode, binder, { publicAddress: victimAddress });
    expect(ok.code).toBe('success');
    const db = await getDb();
    const [linked] = await db.select().from(users).where(eq(users.evmAddress, victimAddress));
    expect(linked).toBeUndefined();

    // With 2FA on, the first answer asks for the code and the same sign-in code still works once.
    const secret = generateSecret();
    await db
      .update(users)
      .set({ twoFactorEnabled: true, twoFactorSecret: secret })
      .where(eq(users.coinbaseId, 'cb-user-1'));
    const second = await coinbaseRoundTrip();
    const code2 = new URL(second.back.headers.get('location')!).searchParams.get('access_token')!;
    const binder2 = setCookies(second.back).coinbase_binder!;
    const prompt = await validate(code2, binder2);
    expect(prompt.data).toMatchObject({ two_factor_enabled: true, token: null });
    const wrong = await validate(code2, binder2, { twoFactorCode: '000000' });
    expect(wrong.code === 'INVALID_2FA' || wrong.code === 'success').toBe(true);
    if (wrong.code === 'INVALID_2FA') {
      const done = await validate(code2, binder2, {
        twoFactorCode: await generate({ secret }),
      });
      expect(done.code).toBe('success');
    }
    expect((await validate(code2, binder2)).code).toBe('COINBASE_AUTH_FAILED');
  });
});
