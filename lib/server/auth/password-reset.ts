import 'server-only';
import { eq } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/locales';
import { getDb } from '@/lib/server/db';
import { users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import {
  assertUnderLimit,
  clientAddress,
  countFailure,
  hitLimit,
} from '@/lib/server/http/rate-limit';
import { checkCode, issueCode } from './codes';
import { authLimits } from './limits';
import { hashPassword } from './passwords';
import { findPlayer, normalizeContact } from './players';
import { revokeAllSessions } from './session';

type Contact = { type: 'email' | 'phone'; contact: string };

/**
 * Step send-message: a code goes to the account's email or phone. The answer is the same whether
 * or not an account exists, so the form cannot be used to find players.
 */
export async function sendResetCode(body: Contact, request: Request, locale: Locale) {
  const contact = normalizeContact(body.type, body.contact);
  const ip = clientAddress(request);
  await hitLimit(authLimits.codeSendPerIp, ip);
  await hitLimit(authLimits.codeSendPerContact, contact);
  const player = await findPlayer(body.type, contact);
  if (player && player.status === 'active' && player.passwordHash) {
    await issueCode({
      purpose: 'password_reset',
      channel: body.type,
      contact,
      userId: player.id,
      locale,
    });
  }
  return { sent: true as const };
}

async function checkResetCode(
  body: Contact & { code: string },
  request: Request,
  consume: boolean,
) {
  const ip = clientAddress(request);
  await assertUnderLimit(authLimits.codeCheckPerIp, ip);
  const contact = normalizeContact(body.type, body.contact);
  const userId = await checkCode({ purpose: 'password_reset', contact, code: body.code, consume });
  if (!userId) {
    await countFailure(authLimits.codeCheckPerIp, ip);
    throw new ApiError('INVALID_CODE');
  }
  return userId;
}

/** Step code: the code is right and still live (it is used up only by the last step). */
export async function verifyResetCode(body: Contact & { code: string }, request: Request) {
  await checkResetCode(body, request, false);
  return { valid: true as const };
}

/** Step confirm: a new password; every session of the account ends, so a thief is signed out too. */
export async function confirmReset(
  body: Contact & { code: string; password: string },
  request: Request,
) {
  const userId = await checkResetCode(body, request, true);
  const db = await getDb();
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(body.password) })
    .where(eq(users.id, userId));
  await revokeAllSessions(userId);
  return { reset: true as const };
}
