import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/locales';
import type { SignInData, SignUpData } from '@/lib/schemas/auth';
import { getDb } from '@/lib/server/db';
import { users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { clientAddress, hitLimit } from '@/lib/server/http/rate-limit';
import { assertCaptcha } from './captcha';
import { hitSendQuotas, requestCode } from './code-delivery';
import { checkCode, hitCheckQuotas } from './codes';
import { authLimits } from './limits';
import { hashPassword } from './passwords';
import { normalizeContact } from './players';
import { completeSignIn } from './sign-in';

type SignUpBody = {
  isEmail: boolean;
  email?: string;
  phone?: string;
  password: string;
  language: Locale;
  promotionCode?: string;
  captcha: string;
};

/**
 * Sign-up (spec §3, §4). After the captcha and the quotas — before anything is written — the
 * request is recorded with its own password hash, and the answer is the same whatever the contact:
 * the delivery job sends a new or pending account its activation code, and an existing account a
 * note that someone tried to register it. Signing up again before activating never changes the
 * account: activation applies the password of the request whose code is entered.
 */
export async function register(body: SignUpBody, request: Request): Promise<SignUpData> {
  const ip = clientAddress(request);
  await hitLimit(authLimits.registerPerIp, ip);
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
export async function activate(
  body: { type: 'email' | 'phone'; contact: string; code: string },
  request: Request,
): Promise<SignInData> {
  const contact = normalizeContact(body.type, body.contact);
  await hitCheckQuotas(contact, clientAddress(request));
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
  return completeSignIn(player, { request, loginType: body.type });
}

/** Sends a new activation code to a pending account; the answer is the same whatever the contact. */
export async function resendActivation(
  body: { type: 'email' | 'phone'; contact: string },
  request: Request,
  locale: Locale,
): Promise<{ sent: true }> {
  const contact = normalizeContact(body.type, body.contact);
  await hitSendQuotas(body.type, contact, clientAddress(request));
  await requestCode({ purpose: 'activation', channel: body.type, contact, locale });
  return { sent: true };
}
