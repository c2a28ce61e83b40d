import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { config } from '@/lib/config';
import { getDb } from '@/lib/server/db';
import { appSecrets } from '@/lib/server/db/schema';

const cache = new Map<string, Promise<string>>();

async function loadOrCreate(name: string): Promise<string> {
  const db = await getDb();
  // Two servers starting at once both try; the first insert wins and both read it back.
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing({ target: appSecrets.name });
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  return row!.value;
}

/**
 * A signing secret: AUTH_SECRET (with a purpose suffix, so one leak does not open everything)
 * when the operator sets it, else one made once and kept in the database, so a fresh clone signs
 * tokens that survive a restart without any configuration.
 */
export function signingSecret(purpose: 'tokens' | 'captcha'): Promise<string> {
  if (config.AUTH_SECRET) return Promise.resolve(`${config.AUTH_SECRET}:${purpose}`);
  let secret = cache.get(purpose);
  if (!secret) {
    secret = loadOrCreate(`auth:${purpose}`);
    secret.catch(() => cache.delete(purpose));
    cache.set(purpose, secret);
  }
  return secret;
}

/** Forgets cached secrets (tests reopen a fresh database). */
export function forgetSecrets(): void {
  cache.clear();
}
