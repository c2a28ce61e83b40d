import 'server-only';
import { and, eq } from 'drizzle-orm';
import type {
  ActivationBody,
  ContactBody,
  SignInData,
  SignUpBody,
  SignUpData,
} from '@/lib/schemas/auth';
import { getDb } from '@/lib/server/db';
import { users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import type { RequestMeta } from '@/lib/server/http/request-meta';
import { assertCaptcha } from './captcha';
import { hitSendQuotas, requestCode } from './code-delivery';
import { checkCode, hitCheckQuotas } from './codes';
import { hashPassword } from './passwords';
import { normalizeContact } from '@/lib/server/players/store';
import { completeSignIn } from './sign-in';

/**
 * Sign-up (spec §3, §4). After the captcha and the quotas — before anything is written — the
 * request is recorded with its own password hash, and the answer is the same whatever the contact:
 * the delivery job sends a new or pending account its activation code, and an existing account a
 * note that someone tried to register it. Signing up again before activating never changes the
 * account: activation applies the password of the request whose code is entered.
 */
export async function register(body: SignUpBody, meta: RequestMeta): Promise<SignUpData> {
  const ip = meta.ip;
  await assertCaptcha(body.captcha, ip);
  const type = body.isEmail ? 'email' : 'phone';
  const contact = (body.isEmail ? body.email : body.phone)!;
  await hitSendQuotas(type, contact, ip);
  const passwordHash = await hashPassword(body.password);
  await requestCode({
    purpose: 'activation',
    channel: type,
    contact,
    locale: body.language,
    payload: { passwordHash, language: body.language, promotionCode: body.promotionCode ?? null },
  });
  return { type, contact, activationRequired: true };
}

/** Activation (spec §3): the code completes registration with its own request's password, and signs in. */
export async function activate(body: ActivationBody, meta: RequestMeta): Promise<SignInData> {
  const contact = normalizeContact(body.type, body.contact);
  await hitCheckQuotas(contact, meta.ip);
  const checked = await checkCode({
    purpose: 'activation',
    contact,
    code: body.code,
    consume: true,
  });
  const payload = checked.payload;
  const db = await getDb();
  const [player] = await db
    .update(users)
    .set({
      status: 'active',
      ...(payload && {
        passwordHash: payload.passwordHash,
        language: payload.language,
        promotionCode: payload.promotionCode,
      }),
    })
    .where(and(eq(users.id, checked.userId), eq(users.status, 'pending')))
    .returning();
  if (!player) throw new ApiError('INVALID_CODE');
  return completeSignIn(player, { meta, loginType: body.type });
}

/** Sends a new activation code to a pending account; the answer is the same whatever the contact. */
export async function resendActivation(
  body: ContactBody,
  meta: RequestMeta,
): Promise<{ sent: true }> {
  const contact = normalizeContact(body.type, body.contact);
  await hitSendQuotas(body.type, contact, meta.ip);
  await requestCode({ purpose: 'activation', channel: body.type, contact, locale: meta.locale });
  return { sent: true };
}
