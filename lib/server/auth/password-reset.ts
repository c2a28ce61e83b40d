import 'server-only';
import { eq } from 'drizzle-orm';
import type {
  ContactBody,
  PasswordResetCodeBody,
  PasswordResetConfirmBody,
} from '@/lib/schemas/auth';
import { getDb } from '@/lib/server/db';
import { users } from '@/lib/server/db/schema';
import type { RequestMeta } from '@/lib/server/http/request-meta';
import { hitSendQuotas, requestCode } from './code-delivery';
import { checkCode, hitCheckQuotas } from './codes';
import { hashPassword } from './passwords';
import { normalizeContact } from '@/lib/server/players/store';
import { revokeAllSessions } from './session';

/**
 * Step send-message: a code goes to the account's email or phone. The answer — and the work done
 * before it — is the same whether or not an account exists (the delivery job decides), so the form
 * cannot be used to find players.
 */
export async function sendResetCode(body: ContactBody, meta: RequestMeta) {
  const contact = normalizeContact(body.type, body.contact);
  await hitSendQuotas(body.type, contact, meta.ip);
  await requestCode({
    purpose: 'password_reset',
    channel: body.type,
    contact,
    locale: meta.locale,
  });
  return { sent: true as const };
}

async function checkResetCode(body: PasswordResetCodeBody, meta: RequestMeta, consume: boolean) {
  const contact = normalizeContact(body.type, body.contact);
  await hitCheckQuotas(contact, meta.ip);
  const checked = await checkCode({ purpose: 'password_reset', contact, code: body.code, consume });
  return checked.userId;
}

/**
 * Step code: the code is right and still live. It is used up only by the last step, but this check
 * takes one of the code's tries like any other, so it is no free oracle.
 */
export async function verifyResetCode(body: PasswordResetCodeBody, meta: RequestMeta) {
  await checkResetCode(body, meta, false);
  return { valid: true as const };
}

/** Step confirm: a new password; every session of the account ends, so a thief is signed out too. */
export async function confirmReset(body: PasswordResetConfirmBody, meta: RequestMeta) {
  const userId = await checkResetCode(body, meta, true);
  const db = await getDb();
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(body.password), securityChangedAt: new Date() })
    .where(eq(users.id, userId));
  await revokeAllSessions(userId);
  return { reset: true as const };
}
