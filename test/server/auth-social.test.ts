import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { GET as coinbaseCallback } from '@/app/api/v1/auth/coinbase/callback/route';
import { GET as coinbaseUrl } from '@/app/api/v1/auth/coinbase/url/route';
import { POST as coinbaseValidate } from '@/app/api/v1/auth/coinbase/validate/route';
import { POST as google } from '@/app/api/v1/auth/google/route';
import { GET as providers } from '@/app/api/v1/auth/providers/route';
import { POST as telegram } from '@/app/api/v1/auth/telegram/route';
import { config } from '@/lib/config';
import { telegramHash } from '@/lib/server/auth/telegram';
import { closeDb } from '@/lib/server/db';
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
      .setSubject('google-sub-1')
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

  it('gives the authorize URL, exchanges the code in the callback and validates the token', async () => {
    const authorize = await call(coinbaseUrl, request('GET', '/auth/coinbase/url'));
    const location = new URL(authorize.data as unknown as string);
    expect(location.origin).toBe('https://login.coinbase.com');
    expect(location.searchParams.get('client_id')).toBe('cb-client');
    const state = location.searchParams.get('state')!;

    const back = await coinbaseCallback(
      new Request(`http://localhost/api/v1/auth/coinbase/callback?code=good-code&state=${state}`),
    );
    expect(back.status).toBe(302);
    expect(new URL(back.headers.get('location')!).searchParams.get('access_token')).toBe(
      'cb-access-token',
    );

    const forged = await coinbaseCallback(
      new Request(
        `http://localhost/api/v1/auth/coinbase/callback?code=good-code&state=${state.slice(0, -2)}xx`,
      ),
    );
    expect(new URL(forged.headers.get('location')!).searchParams.get('access_token')).toBeNull();

    const ok = await call(
      coinbaseValidate,
      request('POST', '/auth/coinbase/validate', {
        body: { accessToken: 'cb-access-token', publicAddress: '' },
        ip: freshIp(),
      }),
    );
    expect(ok.code).toBe('success');
    expect(typeof (ok.data as { getStreamToken: string }).getStreamToken).toBe('string');

    const bad = await call(
      coinbaseValidate,
      request('POST', '/auth/coinbase/validate', {
        body: { accessToken: 'not-a-token', publicAddress: '' },
        ip: freshIp(),
      }),
    );
    expect(bad).toMatchObject({ status: 401, code: 'COINBASE_AUTH_FAILED' });
    const short = await call(
      coinbaseValidate,
      request('POST', '/auth/coinbase/validate', {
        body: { accessToken: 'abc', publicAddress: '' },
      }),
    );
    expect(short.status).toBe(400);
    expect(short.error!.message).toContain('Coinbase token must be at least 5 characters');
  });
});
