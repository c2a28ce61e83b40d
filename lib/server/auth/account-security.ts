import 'server-only';
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { describeUserAgent } from '@/lib/account/user-agent';
import type { AccountSession, ChangePasswordInput, SignInHistory } from '@/lib/schemas/security';
import { SIGN_IN_HISTORY_PAGE } from '@/lib/schemas/security';
import { getDb } from '@/lib/server/db';
import { sessions, signInEvents, users, type LoginType } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import type { RequestMeta } from '@/lib/server/http/request-meta';
import type { Player } from '@/lib/server/players/store';
import { failedTwoFactorSignal, signInSignals } from '@/lib/server/risk/signals';
import { hashPassword } from './passwords';
import { revokeAllSessions, revokeSession, type SessionUser } from './session';
import { assertFreshProof } from './step-up';

/**
 * The security page's platform side: the player's live sessions (sign out one, or all others),
 * the sign-in history, and the password change that ends every other session.
 */

/** Writes one line of the history; a failed write never blocks a sign-in. */
export async function recordSignIn(
  userId: string,
  loginType: LoginType,
  meta: Pick<RequestMeta, 'ip' | 'userAgent' | 'device'>,
  outcome: { success: true } | { success: false; reason: string },
): Promise<void> {
  const db = await getDb();
  const deviceId = meta.device?.id ?? null;
  await db
    .insert(signInEvents)
    .values({
      userId,
      loginType,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 500),
      deviceId,
      success: outcome.success,
      reason: outcome.success ? null : outcome.reason,
    })
    .catch(() => undefined);
  if (outcome.success) await signInSignals(userId, { ip: meta.ip, deviceId });
  else if (outcome.reason === 'INVALID_2FA') await failedTwoFactorSignal(userId);
}

export async function listSessions(user: SessionUser): Promise<AccountSession[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, user.id),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`));
  return rows.map((s) => ({
    id: s.id,
    current: s.id === user.sessionId,
    loginType: s.loginType,
    ...describeUserAgent(s.userAgent),
    ip: s.ip,
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: (s.lastSeenAt ?? s.createdAt).toISOString(),
  }));
}

/** Signs out one of the player's own live sessions (its token answers 401, its sockets close). */
export async function signOutSession(user: SessionUser, id: string): Promise<{ signedOut: true }> {
  // Someone else's session, or one already ended: not found, and nothing is said about it.
  if (!(await revokeSession(id, user.id))) throw new ApiError('NOT_FOUND');
  return { signedOut: true };
}

export async function signOutOtherSessions(user: SessionUser): Promise<{ signedOut: number }> {
  return { signedOut: await revokeAllSessions(user.id, user.sessionId) };
}

const encodeCursor = (at: Date, id: string) => `${at.getTime()}_${id}`;
function decodeCursor(cursor: string): { at: Date; id: string } {
  const [ms, id] = cursor.split('_') as [string, string];
  return { at: new Date(Number(ms)), id };
}

/** The player's sign-ins, newest first, a page at a time. */
export async function signInHistory(
  user: SessionUser,
  cursor: string | undefined,
): Promise<SignInHistory> {
  const db = await getDb();
  const after = cursor ? decodeCursor(cursor) : null;
  const rows = await db
    .select()
    .from(signInEvents)
    .where(
      and(
        eq(signInEvents.userId, user.id),
        after
          ? or(
              lt(signInEvents.createdAt, after.at),
              and(eq(signInEvents.createdAt, after.at), lt(signInEvents.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(signInEvents.createdAt), desc(signInEvents.id))
    .limit(SIGN_IN_HISTORY_PAGE + 1);
  const page = rows.slice(0, SIGN_IN_HISTORY_PAGE);
  const last = page.at(-1);
  return {
    data: page.map((e) => ({
      id: e.id,
      loginType: e.loginType,
      ...describeUserAgent(e.userAgent),
      ip: e.ip,
      success: e.success,
      reason: e.reason,
      createdAt: e.createdAt.toISOString(),
    })),
    nextCursor:
      rows.length > SIGN_IN_HISTORY_PAGE && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

/**
 * A new password: the current one must be given (tries counted per account) — or, for a player
 * who has none yet (wallet, social), a sign-in within 5 minutes. Every other session ends.
 */
export async function changePassword(
  user: SessionUser,
  player: Player,
  body: ChangePasswordInput,
): Promise<{ changed: true; signedOut: number }> {
  if (player.passwordHash && body.currentPassword === undefined) {
    throw new ApiError('PASSWORD_CONFIRMATION_REQUIRED');
  }
  await assertFreshProof(user, player, body.currentPassword);
  const db = await getDb();
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(body.password), securityChangedAt: new Date() })
    .where(eq(users.id, player.id));
  return { changed: true, signedOut: await revokeAllSessions(player.id, user.sessionId) };
}
