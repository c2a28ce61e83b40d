import 'server-only';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { streamChatToken } from '@/lib/server/support/stream-chat';
import type { SignInBody, SignInData } from '@/lib/schemas/auth';
import { getDb } from '@/lib/server/db';
import { verificationCodes, type LoginType } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import type { RequestMeta } from '@/lib/server/http/request-meta';
import { clearLimit, countHit, hitLimit, releaseHit } from '@/lib/server/http/rate-limit';
import { assertCaptcha } from './captcha';
import { authLimits } from './limits';
import { findPlayer, type Player } from '@/lib/server/players/store';
import { verifyPassword } from './passwords';
import { recordSignIn } from './account-security';
import { activeRestriction } from '@/lib/server/protection/restriction';
import { createSession } from './session';
import { alertIfNewDevice } from './sign-in-alert';
import { acceptTotp } from './two-factor';

/**
 * The last step of every sign-in method: the player must be active; with 2FA on, a missing code
 * answers `two_factor_enabled` and no token (the dialog asks for the code and sends again), a wrong
 * one INVALID_2FA. Every 2FA code entered counts against the account — whichever method brought it
 * here — before it is compared. `beforeSession` runs once everything passed, and may still refuse
 * (a single-use sign-in code is spent there, only when a session really follows).
 */
export async function completeSignIn(
  player: Player,
  options: {
    meta: RequestMeta;
    loginType: LoginType;
    twoFactorCode?: string;
    beforeSession?: () => Promise<void>;
  },
): Promise<SignInData> {
  const failed = async (reason: 'ACCOUNT_BLOCKED' | 'INVALID_2FA') => {
    await recordSignIn(player.id, options.loginType, options.meta, { success: false, reason });
    return new ApiError(reason);
  };
  if (player.status === 'blocked') throw await failed('ACCOUNT_BLOCKED');
  if (player.status !== 'active') throw new ApiError('ACCOUNT_NOT_ACTIVATED');
  if (player.twoFactorEnabled) {
    if (!options.twoFactorCode) {
      return { token: null, getStreamToken: null, two_factor_enabled: true, email: player.email };
    }
    await hitLimit(authLimits.twoFactorPerAccount, player.id);
    if (!(await acceptTotp(player, options.twoFactorCode))) throw await failed('INVALID_2FA');
    await clearLimit(authLimits.twoFactorPerAccount, player.id);
  }
  await options.beforeSession?.();
  // During a time-out, self-exclusion or closure every method opens only a restricted session.
  const restricted = activeRestriction(player) !== null;
  const session = await createSession(player.id, {
    scope: restricted ? 'restricted' : 'full',
    loginType: options.loginType,
    ip: options.meta.ip,
    userAgent: options.meta.userAgent,
  });
  await alertIfNewDevice(player, options.meta);
  await recordSignIn(player.id, options.loginType, options.meta, { success: true });
  // With GetStream configured, getStreamToken is Stream's; the platform socket keeps its own.
  const streamChat = await streamChatToken(player.id);
  return {
    token: session.token,
    getStreamToken: streamChat ?? session.streamToken,
    socketToken: session.streamToken,
    two_factor_enabled: player.twoFactorEnabled,
    email: player.email,
  };
}

/**
 * The password a sign-up not yet activated was made with: its latest live request's (activation
 * applies a request's own password; a resend takes the latest one over). The account itself has
 * none until then.
 */
async function pendingPasswordHash(contact: string): Promise<string | null> {
  const db = await getDb();
  const [latest] = await db
    .select({ payload: verificationCodes.payload })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.purpose, 'activation'),
        eq(verificationCodes.contact, contact),
        isNotNull(verificationCodes.payload),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return latest?.payload?.passwordHash ?? null;
}

/**
 * Email or phone and password (spec §3). Every attempt is counted before the password is checked:
 * fifty per address in 15 minutes (then 429; a success gives its count back), and per account —
 * past ten in 15 minutes the account is not locked, but each further attempt needs a solved captcha.
 */
export async function signInWithPassword(body: SignInBody, meta: RequestMeta): Promise<SignInData> {
  const column = body.email ? 'email' : 'phone';
  const contact = (body.email ?? body.phone)!;
  const ip = meta.ip;
  await hitLimit(authLimits.failedSignInPerIp, ip);
  const player = await findPlayer(column, contact);
  const accountKey = player?.id ?? `${column}:${contact}`;
  const attempts = await countHit(authLimits.failedSignInPerAccount, accountKey);
  if (attempts > authLimits.failedSignInPerAccount.limit) {
    if (!body.captcha) throw new ApiError('CAPTCHA_REQUIRED');
    await assertCaptcha(body.captcha, ip);
  }

  // A sign-up not activated yet is checked against its request's password, with the same single
  // hash: only the one who chose that password learns it waits for activation (ACCOUNT_NOT_ACTIVATED
  // below); anyone else hears what a wrong password or an unknown account gets.
  const pending = player?.status === 'pending' && !player.passwordHash;
  const stored = pending ? await pendingPasswordHash(contact) : (player?.passwordHash ?? null);
  if (!(await verifyPassword(stored, body.password)) || !player) {
    // A wrong password for a real account is the line a player most needs in the history.
    if (player) {
      await recordSignIn(player.id, column, meta, {
        success: false,
        reason: 'INVALID_CREDENTIALS',
      });
    }
    throw new ApiError('INVALID_CREDENTIALS');
  }
  // The right password ends the guessing: neither count holds it against the player (the 2FA
  // step that may follow has its own count).
  await releaseHit(authLimits.failedSignInPerIp, ip);
  await clearLimit(authLimits.failedSignInPerAccount, accountKey);
  if (pending) throw new ApiError('ACCOUNT_NOT_ACTIVATED');
  return completeSignIn(player, {
    meta,
    loginType: column,
    twoFactorCode: body.twoFactorCode,
  });
}
