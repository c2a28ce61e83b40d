import 'server-only';
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { config } from '@/lib/config';
import type { Locale } from '@/lib/i18n/locales';
import { getDb } from '@/lib/server/db';
import { verificationCodes } from '@/lib/server/db/schema';
import { deliver } from '@/lib/server/delivery';
import { mailTranslator } from '@/lib/server/http/locale';

export const CODE_TTL_MS = 15 * 60_000;
/** Wrong entries a code survives; then only a new code helps. */
export const CODE_MAX_ATTEMPTS = 5;

type Purpose = 'activation' | 'password_reset';
type Channel = 'email' | 'phone';

function hashCode(id: string, code: string): string {
  return createHash('sha256').update(`${id}:${code}`).digest('hex');
}

/** Makes a fresh 6-digit code (older ones for the same contact stop working) and sends it. */
export async function issueCode(input: {
  purpose: Purpose;
  channel: Channel;
  contact: string;
  userId: string;
  locale: Locale;
}): Promise<void> {
  const db = await getDb();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = crypto.randomUUID();
  await db
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(verificationCodes.purpose, input.purpose),
        eq(verificationCodes.contact, input.contact),
        isNull(verificationCodes.consumedAt),
      ),
    );
  await db.insert(verificationCodes).values({
    id,
    purpose: input.purpose,
    channel: input.channel,
    contact: input.contact,
    userId: input.userId,
    codeHash: hashCode(id, code),
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  const t = mailTranslator(input.locale);
  const kind = input.purpose === 'activation' ? 'activation' : 'reset';
  await deliver({
    channel: input.channel,
    to: input.contact,
    subject: t(`${kind}Subject`, { site: config.SITE_NAME }),
    text: t(`${kind}Text`, { code }),
  });
}

/**
 * Checks a code for a contact. A wrong code counts against the live code; `consume` uses it up
 * (single use). Answers the player it was issued for, or null.
 */
export async function checkCode(input: {
  purpose: Purpose;
  contact: string;
  code: string;
  consume: boolean;
}): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.purpose, input.purpose),
        eq(verificationCodes.contact, input.contact),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!row || row.attempts >= CODE_MAX_ATTEMPTS) return null;
  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(hashCode(row.id, input.code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, row.id));
    return null;
  }
  if (input.consume) {
    // Only one request may use it: the update names the row while it is still unconsumed.
    const used = await db
      .update(verificationCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id });
    if (used.length === 0) return null;
  }
  return row.userId;
}
