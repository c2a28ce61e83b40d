import 'server-only';
import { jwtVerify, SignJWT } from 'jose';
import { derivedKey } from './secrets';

/** The only algorithm accepted: a token naming another (or `none`) is refused before any check. */
const ALGORITHM = 'HS256';
const ISSUER = 'casino-platform';

export type TokenKind = 'access' | 'stream';
export type TokenClaims = { sub: string; sid: string; kind: TokenKind };

let imported: { from: Buffer; key: Promise<CryptoKey> } | undefined;

/**
 * The token key as a WebCrypto key, imported once per derived key: handed raw bytes, jose imports
 * them again on every call, and every signed-in request verifies a token.
 */
async function key(): Promise<CryptoKey> {
  const from = await derivedKey('tokens');
  if (imported?.from !== from) {
    const key = crypto.subtle.importKey(
      'raw',
      new Uint8Array(from),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    imported = { from, key };
  }
  return imported.key;
}

/** A signed token naming the player and the session row; the row decides whether it is still good. */
export async function signToken(claims: TokenClaims, expiresAt: Date): Promise<string> {
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(claims.kind)
    .setIssuedAt()
    .setJti(crypto.randomUUID())
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(await key());
}

/** The claims of a token of the given kind, or null when it is forged, expired or of another kind. */
export async function verifyToken(token: string, kind: TokenKind): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await key(), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: kind,
      requiredClaims: ['sub', 'sid', 'exp'],
    });
    if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string') return null;
    return { sub: payload.sub, sid: payload.sid, kind };
  } catch {
    return null;
  }
}
