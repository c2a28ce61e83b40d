import 'server-only';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt } from 'drizzle-orm';
import { z } from 'zod';
import { config } from '@/lib/config';
import { logger } from '@/lib/logger';
import { getDb } from '@/lib/server/db';
import { captchaUses } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { derivedSecret } from './secrets';

const ALGORITHM = 'PBKDF2/SHA-256';
/** PBKDF2 iterations per try and the counter range: about a second of a phone's work. */
const COST = 1_000;
const COUNTER_MIN = 500;
const COUNTER_MAX = 3_000;
const CHALLENGE_TTL_MS = 10 * 60_000;

export type CaptchaSettings =
  { provider: 'altcha' } | { provider: 'turnstile' | 'hcaptcha'; siteKey: string };

/** What the sign-up form needs to show the configured challenge. */
export function captchaSettings(): CaptchaSettings {
  if (config.CAPTCHA_PROVIDER !== 'altcha' && config.CAPTCHA_SITE_KEY && config.CAPTCHA_SECRET) {
    return { provider: config.CAPTCHA_PROVIDER, siteKey: config.CAPTCHA_SITE_KEY };
  }
  return { provider: 'altcha' };
}

/** A signed ALTCHA proof-of-work challenge; the browser solves it before the first submit. */
export async function altchaChallenge(): Promise<Challenge> {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: COST,
    counter: randomInt(COUNTER_MAX, COUNTER_MIN),
    deriveKey,
    hmacSignatureSecret: await derivedSecret('captcha'),
    hmacKeySignatureSecret: await derivedSecret('captcha-key'),
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
}

// The payload's shape is altcha's Challenge and Solution, so what passes here goes to
// verifySolution as it is. Parameters keep keys this list does not name: the signature covers them.
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.literal(ALGORITHM),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      expiresAt: z.number().optional(),
    }),
    signature: z.string().min(16),
  }),
  solution: z.object({
    counter: z.number().int().nonnegative(),
    derivedKey: z.string(),
    time: z.number().optional(),
  }),
});

function decode(value: string): z.infer<typeof payloadSchema> | null {
  try {
    const json: unknown = JSON.parse(Buffer.from(value, 'base64').toString('utf8'));
    const parsed = payloadSchema.safeParse(json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Marks a solution used; false when it was used before (each solution passes once). */
async function spendOnce(signature: string): Promise<boolean> {
  const db = await getDb();
  await db.delete(captchaUses).where(lt(captchaUses.expiresAt, new Date()));
  const rows = await db
    .insert(captchaUses)
    .values({ signature, expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS) })
    .onConflictDoNothing({ target: captchaUses.signature })
    .returning({ signature: captchaUses.signature });
  return rows.length === 1;
}

async function verifyAltcha(value: string): Promise<boolean> {
  const payload = decode(value);
  if (!payload) return false;
  const result = await verifySolution({
    challenge: payload.challenge,
    solution: payload.solution,
    deriveKey,
    hmacSignatureSecret: await derivedSecret('captcha'),
    hmacKeySignatureSecret: await derivedSecret('captcha-key'),
  });
  return result.verified && spendOnce(payload.challenge.signature);
}

const verifyUrls = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
};

/** Turnstile and hCaptcha share the siteverify form: secret, response, remoteip → { success }. */
async function verifyHosted(provider: 'turnstile' | 'hcaptcha', value: string, ip: string) {
  const form = new URLSearchParams({ secret: config.CAPTCHA_SECRET!, response: value });
  if (ip !== 'unknown') form.set('remoteip', ip);
  try {
    const response = await fetch(config.CAPTCHA_VERIFY_URL ?? verifyUrls[provider], {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await response.json()) as { success?: boolean };
    return body.success === true;
  } catch (err) {
    logger.error({ err, provider }, 'captcha verification failed to answer');
    throw new ApiError('SERVICE_UNAVAILABLE');
  }
}

/** Refuses the request unless the captcha value passes the configured check, once. */
export async function assertCaptcha(value: string | undefined, ip: string): Promise<void> {
  if (!value) throw new ApiError('CAPTCHA_REQUIRED');
  const settings = captchaSettings();
  const ok =
    settings.provider === 'altcha'
      ? await verifyAltcha(value)
      : await verifyHosted(settings.provider, value, ip);
  if (!ok) throw new ApiError('CAPTCHA_INVALID');
}
