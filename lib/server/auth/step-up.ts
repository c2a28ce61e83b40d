import 'server-only';
import { ApiError } from '@/lib/server/http/api-error';
import { hitLimit } from '@/lib/server/http/rate-limit';
import { authLimits } from './limits';
import { verifyPassword } from './passwords';
import type { Player } from '@/lib/server/players/store';
import { sessionStartedAt, type SessionUser } from './session';

/** How recent a sign-in must be to stand in for the password. */
export const RECENT_SIGN_IN_MS = 5 * 60_000;

/**
 * Changes that lock a player in or out (2FA on or off) need more than a bearer token, which lives
 * in localStorage: the current password, or — for players with none (wallets, social) and anyone
 * who just signed in — a sign-in within the last five minutes. Password tries count per account.
 */
export async function assertFreshProof(
  user: SessionUser,
  player: Player,
  password: string | undefined,
): Promise<void> {
  if (password !== undefined && player.passwordHash) {
    await hitLimit(authLimits.passwordConfirmPerAccount, player.id);
    if (!(await verifyPassword(player.passwordHash, password))) {
      throw new ApiError('INVALID_PASSWORD');
    }
    return;
  }
  const startedAt = await sessionStartedAt(user.sessionId);
  if (startedAt && Date.now() - startedAt.getTime() <= RECENT_SIGN_IN_MS) return;
  throw new ApiError(
    player.passwordHash ? 'PASSWORD_CONFIRMATION_REQUIRED' : 'RECENT_SIGN_IN_REQUIRED',
  );
}
