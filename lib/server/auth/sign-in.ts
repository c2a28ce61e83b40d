import 'server-only';
import type { SignInData } from '@/lib/schemas/auth';
import type { LoginType } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import {
  assertUnderLimit,
  clearLimit,
  clientAddress,
  countFailure,
} from '@/lib/server/http/rate-limit';
import { authLimits } from './limits';
import { findPlayer, type Player } from './players';
import { verifyPassword } from './passwords';
import { createSession } from './session';
import { acceptTotp } from './two-factor';

/**
 * The last step of every sign-in method: the player must be active; with 2FA on, a missing code
 * answers `two_factor_enabled` and no token (the dialog asks for the code and sends again), a wrong
 * one INVALID_2FA. Otherwise a new session and its tokens.
 */
export async function completeSignIn(
  player: Player,
  options: { request: Request; loginType: LoginType; twoFactorCode?: string },
): Promise<SignInData> {
  if (player.status === 'blocked') throw new ApiError('ACCOUNT_BLOCKED');
  if (player.status !== 'active') throw new ApiError('ACCOUNT_NOT_ACTIVATED');
  if (player.twoFactorEnabled) {
    if (!options.twoFactorCode) {
      return { token: null, getStreamToken: null, two_factor_enabled: true, email: player.email };
    }
    if (!(await acceptTotp(player, options.twoFactorCode))) {
      await countFailure(authLimits.failedSignInPerAccount, player.id);
      throw new ApiError('INVALID_2FA');
    }
  }
  const session = await createSession(player.id, {
    loginType: options.loginType,
    ip: clientAddress(options.request),
    userAgent: options.request.headers.get('user-agent'),
  });
  return {
    token: session.token,
    getStreamToken: session.streamToken,
    two_factor_enabled: player.twoFactorEnabled,
    email: player.email,
  };
}

/** Email or phone and password (spec §3). Ten failures per account in 15 minutes lock it for the rest. */
export async function signInWithPassword(
  body: { email?: string; phone?: string; password: string; twoFactorCode?: string },
  request: Request,
): Promise<SignInData> {
  const column = body.email ? 'email' : 'phone';
  const contact = (body.email ?? body.phone)!;
  const ip = clientAddress(request);
  await assertUnderLimit(authLimits.failedSignInPerIp, ip);
  await assertUnderLimit(authLimits.failedSignInPerAccount, contact);
  const player = await findPlayer(column, contact);
  if (player) await assertUnderLimit(authLimits.failedSignInPerAccount, player.id);

  if (!(await verifyPassword(player?.passwordHash ?? null, body.password)) || !player) {
    await countFailure(authLimits.failedSignInPerAccount, contact);
    await countFailure(authLimits.failedSignInPerIp, ip);
    throw new ApiError('INVALID_CREDENTIALS');
  }
  const result = await completeSignIn(player, {
    request,
    loginType: column,
    twoFactorCode: body.twoFactorCode,
  });
  if (result.token) await clearLimit(authLimits.failedSignInPerAccount, contact);
  return result;
}
