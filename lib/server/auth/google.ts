import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { config } from '@/lib/config';
import type { SignInData } from '@/lib/schemas/auth';
import { getDb } from '@/lib/server/db';
import { users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { clientAddress, hitLimit } from '@/lib/server/http/rate-limit';
import { authLimits } from './limits';
import { playerForIdentity, type Player } from './players';
import { completeSignIn } from './sign-in';

const ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
const jwksByUrl = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** Google's signing keys, fetched and cached by jose (GOOGLE_JWKS_URL, a local key set in tests). */
function googleKeys() {
  let keys = jwksByUrl.get(config.GOOGLE_JWKS_URL);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(config.GOOGLE_JWKS_URL));
    jwksByUrl.set(config.GOOGLE_JWKS_URL, keys);
  }
  return keys;
}

type GoogleClaims = {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
};

/** The ID token's signature (RS256 only), audience (our client id), issuer and expiry. */
export async function verifyGoogleCredential(credential: string): Promise<GoogleClaims> {
  try {
    const { payload } = await jwtVerify(credential, googleKeys(), {
      algorithms: ['RS256'],
      issuer: ISSUERS,
      audience: config.GOOGLE_CLIENT_ID!,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    return payload as unknown as GoogleClaims;
  } catch {
    throw new ApiError('GOOGLE_TOKEN_INVALID');
  }
}

/** A verified Google email joins the account that already has it; otherwise a new player. */
async function playerForGoogle(claims: GoogleClaims, promotionCode?: string): Promise<Player> {
  const db = await getDb();
  const email = claims.email_verified && claims.email ? claims.email.toLowerCase() : null;
  const [known] = await db.select().from(users).where(eq(users.googleSub, claims.sub)).limit(1);
  if (known) return known;
  if (email) {
    const [linked] = await db
      .update(users)
      .set({ googleSub: claims.sub })
      .where(and(eq(users.email, email), eq(users.status, 'active'), isNull(users.googleSub)))
      .returning();
    if (linked) return linked;
  }
  const [byEmailTaken] = email
    ? await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1)
    : [];
  return playerForIdentity('googleSub', claims.sub, {
    loginType: 'google',
    promotionCode,
    email: byEmailTaken ? null : email,
    usernameSeed: email ?? claims.name,
    avatar: claims.picture?.startsWith('https://') ? claims.picture : null,
  });
}

export async function googleSignIn(
  body: { credential: string; twoFactorCode?: string; promotionCode?: string },
  request: Request,
): Promise<SignInData> {
  if (!config.GOOGLE_CLIENT_ID) throw new ApiError('PROVIDER_NOT_CONFIGURED');
  await hitLimit(authLimits.socialPerIp, clientAddress(request));
  const claims = await verifyGoogleCredential(body.credential);
  const player = await playerForGoogle(claims, body.promotionCode);
  return completeSignIn(player, {
    request,
    loginType: 'google',
    twoFactorCode: body.twoFactorCode,
  });
}
