import 'server-only';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { config } from '@/lib/config';
import { logger } from '@/lib/logger';
import { getDb } from '@/lib/server/db';
import { appSecrets } from '@/lib/server/db/schema';

/** Every key the platform uses, each derived for one purpose so one leak does not open the others. */
export type KeyPurpose =
  | 'tokens'
  | 'captcha'
  | 'captcha-key'
  | 'oauth-state'
  | 'sign-in-code'
  | 'totp-secret'
  | 'wallet-dev-seed'
  | 'fair-seed'
  | 'crash';

const MASTER_ROW = 'auth:master';
const SALT = 'casino-platform/v1';
let master: Promise<Buffer> | undefined;

async function loadOrCreateMaster(): Promise<Buffer> {
  const db = await getDb();
  // Two servers starting at once both try; the first insert wins and both read it back.
  await db
    .insert(appSecrets)
    .values({ name: MASTER_ROW, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing({ target: appSecrets.name });
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, MASTER_ROW));
  return Buffer.from(row!.value, 'base64url');
}

/**
 * The input keying material: AUTH_SECRET when the operator sets it, else one made once and kept in
 * `app_secrets` (so a fresh clone needs no configuration and tokens survive a restart).
 */
function masterKey(): Promise<Buffer> {
  if (config.AUTH_SECRET) return Promise.resolve(Buffer.from(config.AUTH_SECRET, 'utf8'));
  master ??= loadOrCreateMaster().catch((error: unknown) => {
    master = undefined;
    throw error;
  });
  return master;
}

const derived = new Map<KeyPurpose, { from: Buffer; key: Buffer }>();

/**
 * A 256-bit key for one purpose: HKDF-SHA-256 over the master key, the purpose as `info`. Kept once
 * made (every signed-in request verifies a token with one), and made again if the master changes.
 * The same Buffer is handed to every caller: read it, never write to it.
 */
export async function derivedKey(purpose: KeyPurpose): Promise<Buffer> {
  const from = await masterKey();
  const kept = derived.get(purpose);
  if (kept?.from.equals(from)) return kept.key;
  const key = Buffer.from(hkdfSync('sha256', from, SALT, `key:${purpose}`, 32));
  derived.set(purpose, { from, key });
  return key;
}

/** The same key as text, for libraries that take a string secret. */
export async function derivedSecret(purpose: KeyPurpose): Promise<string> {
  return (await derivedKey(purpose)).toString('base64url');
}

const SEALED_PREFIX = 'enc:v1:';

/**
 * Encrypts a secret kept at rest (AES-256-GCM under a derived key). `context` (the row it belongs
 * to) is authenticated too, so a sealed value copied onto another row does not open there.
 */
export async function seal(purpose: KeyPurpose, plain: string, context: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await derivedKey(purpose), iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const parts = [iv, body, cipher.getAuthTag()].map((b) => b.toString('base64url'));
  return `${SEALED_PREFIX}${parts.join('.')}`;
}

/** Opens a sealed value; a value stored before sealing existed is returned as it is. Null when tampered. */
export async function unseal(
  purpose: KeyPurpose,
  stored: string,
  context: string,
): Promise<string | null> {
  if (!stored.startsWith(SEALED_PREFIX)) return stored;
  const [iv, body, tag] = stored.slice(SEALED_PREFIX.length).split('.');
  if (!iv || body === undefined || !tag) return null;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      await derivedKey(purpose),
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}

/** Said at start: a production server without AUTH_SECRET keeps its master key in the database. */
export function announceSecrets(): void {
  if (config.NODE_ENV === 'production' && !config.AUTH_SECRET) {
    logger.warn(
      'AUTH_SECRET is not set: the master key is kept in the app_secrets table, so a database dump is enough to forge sessions. Set AUTH_SECRET (32+ random characters) in production.',
    );
  }
}

/** Forgets the cached master key (tests reopen a fresh database). */
export function forgetSecrets(): void {
  master = undefined;
}
