import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { config } from '@/lib/config';
import { logger } from '@/lib/logger';
import type { SignInData } from '@/lib/schemas/auth';
import { getDb } from '@/lib/server/db';
import { users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { clientAddress, hitLimit } from '@/lib/server/http/rate-limit';
import { authLimits } from './limits';
import { playerForIdentity } from './players';
import { signingSecret } from './secrets';
import { completeSignIn } from './sign-in';

const STATE_TTL_MS = 10 * 60_000;

export function coinbaseConfigured(): boolean {
  return Boolean(config.COINBASE_CLIENT_ID && config.COINBASE_CLIENT_SECRET);
}

function assertConfigured() {
  if (!coinbaseConfigured()) throw new ApiError('PROVIDER_NOT_CONFIGURED');
}

export function coinbaseRedirectUri(): string {
  return new URL('/api/v1/auth/coinbase/callback', config.SITE_URL).toString();
}

/** The OAuth `state`: a nonce and expiry signed by the platform, so the callback knows it sent it. */
async function signState(expires: number): Promise<string> {
  const body = `${randomBytes(12).toString('base64url')}.${expires}`;
  const mac = createHmac('sha256', await signingSecret('tokens'))
    .update(body)
    .digest('base64url');
  return `${body}.${mac}`;
}

async function stateIsValid(state: string): Promise<boolean> {
  const [nonce, expires, mac] = state.split('.');
  if (!nonce || !expires || !mac || Number(expires) < Date.now()) return false;
  const expected = createHmac('sha256', await signingSecret('tokens'))
    .update(`${nonce}.${expires}`)
    .digest();
  const given = Buffer.from(mac, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Coinbase sign-in URL call: where the browser goes to authorize the site. */
export async function coinbaseAuthorizeUrl(): Promise<string> {
  assertConfigured();
  const url = new URL(config.COINBASE_AUTHORIZE_URL);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', config.COINBASE_CLIENT_ID!);
  url.searchParams.set('redirect_uri', coinbaseRedirectUri());
  url.searchParams.set('scope', 'wallet:user:read');
  url.searchParams.set('state', await signState(Date.now() + STATE_TTL_MS));
  return url.toString();
}

/**
 * The OAuth callback: exchanges the code for an access token and sends the browser back to the
 * site with `access_token`, which the site's callback hands to the validation call.
 */
export async function coinbaseCallback(query: { code?: string; state?: string; error?: string }) {
  assertConfigured();
  const back = new URL('/', config.SITE_URL);
  if (query.error || !query.code || !query.state || !(await stateIsValid(query.state))) {
    back.searchParams.set('modal', 'auth');
    back.searchParams.set('tab', '1');
    back.searchParams.set('coinbase_error', '1');
    return Response.redirect(back, 302);
  }
  const response = await fetch(config.COINBASE_TOKEN_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: query.code,
      client_id: config.COINBASE_CLIENT_ID!,
      client_secret: config.COINBASE_CLIENT_SECRET!,
      redirect_uri: coinbaseRedirectUri(),
    }),
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  const token = (await response?.json().catch(() => null)) as { access_token?: string } | null;
  if (!response?.ok || !token?.access_token) {
    logger.warn({ status: response?.status }, 'coinbase code exchange failed');
    back.searchParams.set('modal', 'auth');
    back.searchParams.set('tab', '1');
    back.searchParams.set('coinbase_error', '1');
    return Response.redirect(back, 302);
  }
  back.searchParams.set('access_token', token.access_token);
  return Response.redirect(back, 302);
}

/** Coinbase validation (spec §3): the access token must name a Coinbase user; that user signs in. */
export async function coinbaseValidate(
  body: {
    accessToken: string;
    publicAddress?: string;
    twoFactorCode?: string;
    promotionCode?: string;
  },
  request: Request,
): Promise<SignInData> {
  assertConfigured();
  await hitLimit(authLimits.socialPerIp, clientAddress(request));
  const response = await fetch(`${config.COINBASE_API_URL.replace(/\/$/, '')}/user`, {
    headers: { Authorization: `Bearer ${body.accessToken}` },
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  const user = (await response?.json().catch(() => null)) as {
    data?: { id?: string; name?: string; avatar_url?: string };
  } | null;
  const coinbaseId = user?.data?.id;
  if (!response?.ok || !coinbaseId) throw new ApiError('COINBASE_AUTH_FAILED');

  const address = body.publicAddress ? body.publicAddress.toLowerCase() : null;
  const player = await playerForIdentity('coinbaseId', coinbaseId, {
    loginType: 'coinbase',
    promotionCode: body.promotionCode,
    usernameSeed: user.data?.name,
    avatar: user.data?.avatar_url?.startsWith('https://') ? user.data.avatar_url : null,
  });
  if (address && !player.evmAddress) {
    const db = await getDb();
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.evmAddress, address));
    if (!taken) await db.update(users).set({ evmAddress: address }).where(eq(users.id, player.id));
  }
  return completeSignIn(player, {
    request,
    loginType: 'coinbase',
    twoFactorCode: body.twoFactorCode,
  });
}
