import 'server-only';
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, gte, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/db';
import { verificationCodes, type SignUpRequest } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { hitLimit } from '@/lib/server/http/rate-limit';
import { authLimits } from './limits';

export const CODE_TTL_MS = 15 * 60_000;
/** Entries a code survives, right or wrong; then only a new code helps. */
export const CODE_MAX_ATTEMPTS = 5;

export type Purpose = 'activation' | 'password_reset' | 'contact_change';
export type Channel = 'email' | 'phone';

export function hashCode(id: string, code: string): string {
  return createHash('sha256').update(`${id}:${code}`).digest('hex');
}

export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

const live = (purpose: Purpose, contact: string) =>
  and(
    eq(verificationCodes.purpose, purpose),
    eq(verificationCodes.contact, contact),
    isNull(verificationCodes.consumedAt),
    isNotNull(verificationCodes.codeHash),
    gt(verificationCodes.expiresAt, new Date()),
  );

/** Ends every live request of a purpose for a contact but one: a used code's, or a new reset's. */
export async function retireOtherRequests(purpose: Purpose, contact: string, keepId: string) {
  const db = await getDb();
  await db
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(verificationCodes.purpose, purpose),
        eq(verificationCodes.contact, contact),
        isNull(verificationCodes.consumedAt),
        ne(verificationCodes.id, keepId),
      ),
    );
}

export type CheckedCode = { id: string; userId: string; payload: SignUpRequest | null };

/**
 * Checks a code for a contact. Every entry — right or wrong — first takes one of the code's five
 * tries in one conditional statement (`attempts < 5 … RETURNING`), and only a code that still had a
 * try is compared: a thousand parallel guesses compare five. `consume` uses the code up (single use)
 * in a second conditional statement. Wrong → INVALID_CODE; no tries left → CODE_ATTEMPTS_EXCEEDED.
 */
export async function checkCode(input: {
  purpose: Purpose;
  contact: string;
  code: string;
  consume: boolean;
}): Promise<CheckedCode> {
  const db = await getDb();
  const tried = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        live(input.purpose, input.contact),
        sql`${verificationCodes.attempts} < ${CODE_MAX_ATTEMPTS}`,
      ),
    )
    .returning({
      id: verificationCodes.id,
      codeHash: verificationCodes.codeHash,
      userId: verificationCodes.userId,
      payload: verificationCodes.payload,
    });
  if (tried.length === 0) {
    const [locked] = await db
      .select({ id: verificationCodes.id })
      .from(verificationCodes)
      .where(
        and(live(input.purpose, input.contact), gte(verificationCodes.attempts, CODE_MAX_ATTEMPTS)),
      )
      .limit(1);
    throw new ApiError(locked ? 'CODE_ATTEMPTS_EXCEEDED' : 'INVALID_CODE');
  }
  const match = tried.find((row) => {
    const expected = Buffer.from(row.codeHash!, 'hex');
    const given = Buffer.from(hashCode(row.id, input.code), 'hex');
    return timingSafeEqual(expected, given);
  });
  if (!match?.userId) throw new ApiError('INVALID_CODE');
  if (input.consume) {
    // Only one request may use it: the update names the row while it is still unconsumed.
    const used = await db
      .update(verificationCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(verificationCodes.id, match.id), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id });
    if (used.length === 0) throw new ApiError('INVALID_CODE');
    // The other requests for this contact (another sign-up's password, an older reset) die with it.
    await retireOtherRequests(input.purpose, input.contact, match.id);
  }
  return { id: match.id, userId: match.userId, payload: match.payload };
}

/** Codes entered, counted per address and per contact before the code is looked at. */
export async function hitCheckQuotas(contact: string, ip: string): Promise<void> {
  await hitLimit(authLimits.codeCheckPerIp, ip);
  await hitLimit(authLimits.codeCheckPerContact, contact);
}
