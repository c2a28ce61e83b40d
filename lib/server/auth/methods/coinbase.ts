import 'server-only';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { config } from '@/lib/config';
import { logger } from '@/lib/logger';
import type { CoinbaseCallbackQuery, CoinbaseValidateBody, SignInData } from '@/lib/schemas/auth';
import { getDb } from '@/lib/server/db';
import { signInCodes } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import type { RequestMeta } from '@/lib/server/http/request-meta';
import { cookieHeader, readCookie } from '@/lib/server/http/cookies';
import { json } from '@/lib/server/http/handler';
import { playerForIdentity } from '@/lib/server/players/store';
import { derivedKey } from '../secrets';
import { completeSignIn } from '../sign-in';
import { spendOnce } from '../spent-tokens';

const STATE_TTL_MS = 10 * 60_000;
/** The platform's own sign-in code lives a minute: long enough to enter a 2FA code, no longer. */
export const SIGN_IN_CODE_TTL_MS = 60_000;
const COOKIE_PATH = '/api/v1/auth/coinbase';
/** Binds the OAuth `state` to the browser that asked for the authorize URL. */
export const STATE_COOKIE = 'coinbase_state';
/** Binds the sign-in code to the browser the callback sent it to. */
export const BINDER_COOKIE = 'coinbase_binder';

export function coinbaseConfigured(): boolean {
  return Boolean(config.COINBASE_CLIENT_ID && config.COINBASE_CLIENT_SECRET);
}

function assertConfigured() {
  if (!coinbaseConfigured()) throw new ApiError('PROVIDER_NOT_CONFIGURED');
}

export function coinbaseRedirectUri(): string {
  return new URL('/api/v1/auth/coinbase/callback', config.SITE_URL).toString();
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function cookie(name: string, value: string, maxAgeSeconds: number) {
  return cookieHeader(name, value, {
    path: COOKIE_PATH,
    maxAge: maxAgeSeconds,
    httpOnly: true,
    sameSite: 'Lax',
    secure: config.SITE_URL.startsWith('https:'),
  });
}

/** The OAuth `state`: a nonce and expiry signed by the platform, so the callback knows it sent it. */
async function signState(expires: number): Promise<string> {
  const body = `${randomBytes(16).toString('base64url')}.${expires}`;
  const mac = createHmac('sha256', await derivedKey('oauth-state'))
    .update(body)
    .digest('base64url');
  return `${body}.${mac}`;
}

async function stateIsValid(state: string): Promise<boolean> {
  const [nonce, expires, mac] = state.split('.');
  if (!nonce || !expires || !mac || Number(expires) < Date.now()) return false;
  const expected = createHmac('sha256', await derivedKey('oauth-state'))
    .update(`${nonce}.${expires}`)
    .digest();
  const given = Buffer.from(mac, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function sameValue(a: string | null, b: string | undefined): boolean {
  if (!a || !b) return false;
  const left = Buffer.from(sha256(a), 'hex');
  return timingSafeEqual(left, Buffer.from(sha256(b), 'hex'));
}

/**
 * Coinbase sign-in URL call: where the browser goes to authorize the site. The `state` is also set
 * in an HttpOnly cookie, so only this browser can finish the sign-in it started (no login CSRF).
 */
export async function coinbaseAuthorizeUrl(): Promise<Response> {
  assertConfigured();
  const state = await signState(Date.now() + STATE_TTL_MS);
  const url = new URL(config.COINBASE_AUTHORIZE_URL);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', config.COINBASE_CLIENT_ID!);
  url.searchParams.set('redirect_uri', coinbaseRedirectUri());
  url.searchParams.set('scope', 'wallet:user:read');
  url.searchParams.set('state', state);
  return json({ code: 'success', data: url.toString() }, 200, {
    'Set-Cookie': cookie(STATE_COOKIE, state, STATE_TTL_MS / 1000),
  });
}

function backToSignIn(): Response {
  const back = new URL(config.COINBASE_ERROR_PATH, config.SITE_URL);
  const headers = new Headers({ Location: back.toString(), 'Cache-Control': 'no-store' });
  headers.append('Set-Cookie', cookie(STATE_COOKIE, '', 0));
  return new Response(null, { status: 302, headers });
}

/** The Coinbase user the authorization code belongs to: exchanged and read here, never in a browser. */
async function coinbaseUserFor(code: string) {
  const response = await fetch(config.COINBASE_TOKEN_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      client_id: config.COINBASE_CLIENT_ID!,
      client_secret: config.COINBASE_CLIENT_SECRET!,
      redirect_uri: coinbaseRedirectUri(),
    }),
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  const token = (await response?.json().catch(() => null)) as { access_token?: string } | null;
  if (!response?.ok || !token?.access_token) {
    logger.warn({ status: response?.status }, 'coinbase code exchange failed');
    return null;
  }
  const me = await fetch(`${config.COINBASE_API_URL.replace(/\/$/, '')}/user`, {
    headers: { Authorization: `Bearer ${token.access_token}` },
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  const user = (await me?.json().catch(() => null)) as {
    data?: { id?: unknown; name?: unknown; avatar_url?: unknown };
  } | null;
  const id = user?.data?.id;
  if (!me?.ok || typeof id !== 'string' || !id) {
    logger.warn({ status: me?.status }, 'coinbase user lookup failed');
    return null;
  }
  const name = typeof user!.data!.name === 'string' ? user!.data!.name.slice(0, 128) : undefined;
  const avatar = typeof user!.data!.avatar_url === 'string' ? user!.data!.avatar_url : '';
  return { id, name, avatar: avatar.startsWith('https://') ? avatar.slice(0, 1000) : null };
}

/** The two cookies that bind the OAuth round trip and its sign-in code to one browser. */
export type CoinbaseCookies = { state: string | null; binder: string | null };

export function coinbaseCookies(request: Request): CoinbaseCookies {
  return { state: readCookie(request, STATE_COOKIE), binder: readCookie(request, BINDER_COOKIE) };
}

/**
 * The OAuth callback. The `state` must be the one this browser's cookie holds, correctly signed,
 * unexpired and never seen before. The code is exchanged and the Coinbase user read on the server;
 * the browser gets back only the platform's own sign-in code (60 s, single use, bound to this
 * browser by a second cookie) in the spec's `access_token` parameter.
 */
export async function coinbaseCallback(
  query: CoinbaseCallbackQuery,
  cookies: CoinbaseCookies,
): Promise<Response> {
  assertConfigured();
  const cookieState = cookies.state;
  if (
    query.error ||
    !query.code ||
    !query.state ||
    !sameValue(cookieState, query.state) ||
    !(await stateIsValid(query.state)) ||
    !(await spendOnce('oauth-state', sha256(query.state), new Date(Date.now() + STATE_TTL_MS)))
  ) {
    return backToSignIn();
  }
  const user = await coinbaseUserFor(query.code);
  if (!user) return backToSignIn();

  const code = randomBytes(32).toString('base64url');
  const binder = randomBytes(32).toString('base64url');
  const db = await getDb();
  await db.insert(signInCodes).values({
    codeHash: sha256(code),
    binderHash: sha256(binder),
    provider: 'coinbase',
    subject: user.id,
    profile: { name: user.name, avatar: user.avatar },
    expiresAt: new Date(Date.now() + SIGN_IN_CODE_TTL_MS),
  });
  const back = new URL(config.COINBASE_RETURN_PATH, config.SITE_URL);
  back.searchParams.set('access_token', code);
  const headers = new Headers({ Location: back.toString(), 'Cache-Control': 'no-store' });
  headers.append('Set-Cookie', cookie(STATE_COOKIE, '', 0));
  headers.append('Set-Cookie', cookie(BINDER_COOKIE, binder, SIGN_IN_CODE_TTL_MS / 1000));
  return new Response(null, { status: 302, headers });
}

const liveCode = (code: string, binder: string) =>
  and(
    eq(signInCodes.codeHash, sha256(code)),
    eq(signInCodes.binderHash, sha256(binder)),
    eq(signInCodes.provider, 'coinbase'),
    isNull(signInCodes.consumedAt),
    gt(signInCodes.expiresAt, new Date()),
  );

/**
 * Coinbase validation (spec §3): `accessToken` is the platform's sign-in code from the callback —
 * a Coinbase token is never accepted from a client. The code must come with the cookie of the
 * browser it was sent to; it is spent only when a session really follows (a 2FA prompt leaves it
 * for the second call within its minute). `publicAddress` is accepted and ignored: a wallet is
 * linked only by signing for it (SIWE), after a full sign-in.
 */
export async function coinbaseValidate(
  body: CoinbaseValidateBody,
  meta: RequestMeta,
  cookies: CoinbaseCookies,
): Promise<Response> {
  assertConfigured();
  const binder = cookies.binder;
  if (!binder) throw new ApiError('COINBASE_AUTH_FAILED');
  const db = await getDb();
  const [row] = await db.select().from(signInCodes).where(liveCode(body.accessToken, binder));
  if (!row) throw new ApiError('COINBASE_AUTH_FAILED');

  const player = await playerForIdentity('coinbaseId', row.subject, {
    loginType: 'coinbase',
    promotionCode: body.promotionCode,
    usernameSeed: row.profile?.name,
    avatar: row.profile?.avatar ?? null,
  });
  const data: SignInData = await completeSignIn(player, {
    meta,
    loginType: 'coinbase',
    twoFactorCode: body.twoFactorCode,
    beforeSession: async () => {
      const spent = await db
        .update(signInCodes)
        .set({ consumedAt: new Date() })
        .where(liveCode(body.accessToken, binder))
        .returning({ codeHash: signInCodes.codeHash });
      if (spent.length === 0) throw new ApiError('COINBASE_AUTH_FAILED');
    },
  });
  const headers: Record<string, string> = {};
  if (data.token) headers['Set-Cookie'] = cookie(BINDER_COOKIE, '', 0);
  return json({ code: 'success', data }, 200, headers);
}
