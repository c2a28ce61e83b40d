import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { z } from 'zod';
import { config } from '@/lib/config';
import type { GoogleBody, GoogleLinkBody, SignInData } from '@/lib/schemas/auth';
import { getDb } from '@/lib/server/db';
import { users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import type { RequestMeta } from '@/lib/server/http/request-meta';
import { findPlayer, playerForIdentity, type Player } from '@/lib/server/players/store';
import type { SessionUser } from '../session';
import { completeSignIn } from '../sign-in';
import { assertFreshProof } from '../step-up';

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

/** The ID token's claims this site reads; the signature check has already passed. */
const googleClaimsSchema = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  email_verified: z.boolean().optional(),
  /** The Google Workspace domain: Google itself vouches for addresses under it. */
  hd: z.string().optional(),
  name: z.string().optional(),
  picture: z.string().optional(),
});
type GoogleClaims = z.infer<typeof googleClaimsSchema>;

/**
 * Whether Google is the authority for the address: a gmail.com address, or a Workspace account
 * (`hd`) whose address is in that domain. Any other address Google calls verified was only checked
 * once, maybe long ago, and may since belong to someone else — it must not open an existing account.
 */
export function googleOwnsEmail(claims: GoogleClaims, email: string): boolean {
  const domain = email.split('@')[1] ?? '';
  if (domain === 'gmail.com' || domain === 'googlemail.com') return true;
  return Boolean(claims.hd) && claims.hd!.toLowerCase() === domain;
}

/** The ID token's signature (RS256 only), audience (our client id), issuer and expiry. */
export async function verifyGoogleCredential(credential: string): Promise<GoogleClaims> {
  try {
    const { payload } = await jwtVerify(credential, googleKeys(), {
      algorithms: ['RS256'],
      issuer: ISSUERS,
      audience: config.GOOGLE_CLIENT_ID!,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    return googleClaimsSchema.parse(payload);
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
  const [byEmailTaken] = email
    ? await db
        .select({ id: users.id, status: users.status })
        .from(users)
        .where(eq(users.email, email))
        .limit(1)
    : [];
  if (email && byEmailTaken?.status === 'active') {
    if (!googleOwnsEmail(claims, email)) throw new ApiError('GOOGLE_LINK_REQUIRED');
    const [linked] = await db
      .update(users)
      .set({ googleSub: claims.sub })
      .where(and(eq(users.email, email), eq(users.status, 'active'), isNull(users.googleSub)))
      .returning();
    if (linked) return linked;
    throw new ApiError('GOOGLE_LINK_REQUIRED');
  }
  return playerForIdentity('googleSub', claims.sub, {
    loginType: 'google',
    promotionCode,
    email: byEmailTaken ? null : email,
    usernameSeed: email ?? claims.name,
    avatar: claims.picture?.startsWith('https://') ? claims.picture : null,
  });
}

/**
 * Linking Google to the signed-in player (the way in for an address Google does not own): the
 * credential must be fresh and for our client, and the player proves themselves again first.
 */
export async function googleLink(
  user: SessionUser,
  body: GoogleLinkBody,
): Promise<{ linked: true }> {
  if (!config.GOOGLE_CLIENT_ID) throw new ApiError('PROVIDER_NOT_CONFIGURED');
  const player = await findPlayer('id', user.id);
  if (!player) throw new ApiError('UNAUTHORIZED');
  await assertFreshProof(user, player, body.password);
  const claims = await verifyGoogleCredential(body.credential);
  const db = await getDb();
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.googleSub, claims.sub))
    .limit(1);
  if (owner && owner.id !== user.id) throw new ApiError('IDENTITY_LINKED_ELSEWHERE');
  await db.update(users).set({ googleSub: claims.sub }).where(eq(users.id, user.id));
  return { linked: true };
}

export async function googleSignIn(body: GoogleBody, meta: RequestMeta): Promise<SignInData> {
  if (!config.GOOGLE_CLIENT_ID) throw new ApiError('PROVIDER_NOT_CONFIGURED');
  const claims = await verifyGoogleCredential(body.credential);
  const player = await playerForGoogle(claims, body.promotionCode);
  return completeSignIn(player, {
    meta,
    loginType: 'google',
    twoFactorCode: body.twoFactorCode,
  });
}
