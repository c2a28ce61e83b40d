import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { config } from '@/lib/config';
import { hashToken } from '@/lib/server/auth/session';
import { getDb } from '@/lib/server/db';
import { casinoSessions, type casinoRevokeReasons } from '@/lib/server/db/schema';
import type { Tx } from '@/lib/server/wallet/ledger';

export type CasinoSession = typeof casinoSessions.$inferSelect;
export type RevokeReason = (typeof casinoRevokeReasons)[number];

/**
 * A launch's token: 32 random bytes, shown once to the aggregator and kept as its hash. Made by one
 * statement only while the sign-in it comes from is live and the player's currency is still this
 * one — both rows locked for share, so a sign-out or a currency change committing beside it either
 * waits for it (and then revokes it) or is seen by it (and nothing is made). Null when refused.
 */
export async function openSession(s: {
  provider: string;
  userId: string;
  authSessionId: string | null;
  gameCode: string;
  currency: string;
}): Promise<string | null> {
  const token = randomBytes(32).toString('base64url');
  const db = await getDb();
  const signIn = s.authSessionId
    ? sql`JOIN sessions a ON a.id = ${s.authSessionId}::uuid AND a.user_id = u.id
        AND a.revoked_at IS NULL`
    : sql``;
  const { rows } = (await db.execute(sql`
    INSERT INTO casino_sessions (provider, token_hash, user_id, auth_session_id, game_code, currency)
    SELECT ${s.provider}, ${hashToken(token)}, u.id, ${s.authSessionId}::uuid, ${s.gameCode},
      ${s.currency}
      FROM users u ${signIn}
     WHERE u.id = ${s.userId}::uuid AND u.navbar_currency = ${s.currency}
     FOR SHARE
    RETURNING id`)) as { rows: unknown[] };
  return rows.length ? token : null;
}

/**
 * Whether a session still takes bets, by the database's clock: not revoked, within
 * GAME_SESSION_MAX_H of its launch and GAME_SESSION_IDLE_MIN of its last bet (or launch).
 */
export const liveSession = sql`${casinoSessions.revokedAt} IS NULL
  AND clock_timestamp() < ${casinoSessions.createdAt} + make_interval(hours => ${config.GAME_SESSION_MAX_H})
  AND clock_timestamp() < coalesce(${casinoSessions.lastBetAt}, ${casinoSessions.createdAt})
    + make_interval(mins => ${config.GAME_SESSION_IDLE_MIN})`;

/**
 * Marks a player's live sessions revoked (sign-out, a break, a closed account), or those in
 * another currency than `keep` (the player changed currency: a game must be opened again). Rows
 * stay: the rounds still open on them settle.
 */
export async function revokeSessions(
  userId: string,
  reason: RevokeReason,
  { keep, tx }: { keep?: string; tx?: Tx } = {},
): Promise<number> {
  const db = tx ?? (await getDb());
  const rows = await db
    .update(casinoSessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(
      and(
        eq(casinoSessions.userId, userId),
        isNull(casinoSessions.revokedAt),
        ...(keep ? [ne(casinoSessions.currency, keep)] : []),
      ),
    )
    .returning({ id: casinoSessions.id });
  return rows.length;
}

/** Sign-ins that ended (a sign-out, every session revoked): the games launched from them end too. */
export async function revokeForSignIns(authSessionIds: string[]): Promise<void> {
  if (!authSessionIds.length) return;
  const db = await getDb();
  await db
    .update(casinoSessions)
    .set({ revokedAt: sql`now()`, revokedReason: 'sign_out' })
    .where(
      and(inArray(casinoSessions.authSessionId, authSessionIds), isNull(casinoSessions.revokedAt)),
    );
}
