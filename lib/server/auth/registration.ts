import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/locales';
import type { SignInData, SignUpData } from '@/lib/schemas/auth';
import { getDb } from '@/lib/server/db';
import { users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import {
  assertUnderLimit,
  clientAddress,
  countFailure,
  hitLimit,
} from '@/lib/server/http/rate-limit';
import { assertCaptcha } from './captcha';
import { checkCode, issueCode } from './codes';
import { authLimits } from './limits';
import { hashPassword } from './passwords';
import { createPlayer, findPlayer, normalizeContact } from './players';
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

async function sendActivation(
  type: 'email' | 'phone',
  contact: string,
  userId: string,
  locale: Locale,
  ip: string,
) {
  await hitLimit(authLimits.codeSendPerIp, ip);
  await hitLimit(authLimits.codeSendPerContact, contact);
  await issueCode({ purpose: 'activation', channel: type, contact, userId, locale });
}

/**
 * Sign-up (spec §3, §4): after the captcha, a pending player with an argon2id hash and an
 * activation code sent to the email or phone. Signing up again before activating replaces the
 * password and sends a new code; an active account answers ACCOUNT_EXISTS.
 */
export async function register(body: SignUpBody, request: Request): Promise<SignUpData> {
  const ip = clientAddress(request);
  await hitLimit(authLimits.registerPerIp, ip);
  await assertCaptcha(body.captcha, ip);
  const type = body.isEmail ? 'email' : 'phone';
  const contact = (body.isEmail ? body.email : body.phone)!;
  const existing = await findPlayer(type, contact);
  if (existing && existing.status !== 'pending') throw new ApiError('ACCOUNT_EXISTS');

  const passwordHash = await hashPassword(body.password);
  const db = await getDb();
  let userId: string;
  if (existing) {
    await db
      .update(users)
      .set({ passwordHash, language: body.language, promotionCode: body.promotionCode ?? null })
      .where(and(eq(users.id, existing.id), eq(users.status, 'pending')));
    userId = existing.id;
  } else {
    const created = await createPlayer({
      [type]: contact,
      passwordHash,
      status: 'pending',
      loginType: type,
      language: body.language,
      promotionCode: body.promotionCode ?? null,
      usernameSeed: body.isEmail ? contact : null,
    }).catch((error: unknown) => {
      // Two sign-ups with one contact at once: the second is told the account exists.
      if (String((error as { cause?: { code?: string } }).cause?.code) === '23505') {
        throw new ApiError('ACCOUNT_EXISTS');
      }
      throw error;
    });
    userId = created.id;
  }
  await sendActivation(type, contact, userId, body.language, ip);
  return { type, contact, activationRequired: true };
}

/** Activation (spec §3): the code completes registration and signs the player in. */
export async function activate(
  body: { type: 'email' | 'phone'; contact: string; code: string },
  request: Request,
): Promise<SignInData> {
  const ip = clientAddress(request);
  const contact = normalizeContact(body.type, body.contact);
  await assertUnderLimit(authLimits.codeCheckPerIp, ip);
  const userId = await checkCode({
    purpose: 'activation',
    contact,
    code: body.code,
    consume: true,
  });
  if (!userId) {
    await countFailure(authLimits.codeCheckPerIp, ip);
    throw new ApiError('INVALID_CODE');
  }
  const db = await getDb();
  const [player] = await db
    .update(users)
    .set({ status: 'active' })
    .where(and(eq(users.id, userId), eq(users.status, 'pending')))
    .returning();
  if (!player) throw new ApiError('INVALID_CODE');
  return completeSignIn(player, { request, loginType: body.type });
}

/** Sends a new activation code to a pending account; the answer is the same whether one exists. */
export async function resendActivation(
  body: { type: 'email' | 'phone'; contact: string },
  request: Request,
): Promise<{ sent: true }> {
  const contact = normalizeContact(body.type, body.contact);
  const player = await findPlayer(body.type, contact);
  if (player?.status === 'pending') {
    await sendActivation(
      body.type,
      contact,
      player.id,
      player.language as Locale,
      clientAddress(request),
    );
  } else {
    await hitLimit(authLimits.codeSendPerIp, clientAddress(request));
  }
  return { sent: true };
}
