import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { config } from '@/lib/config';
import { getDb } from '@/lib/server/db';
import { casinoSessions, type casinoRevokeReasons } from '@/lib/server/db/schema';
import type { Tx } from '@/lib/server/wallet/ledger';

export type CasinoSession = typeof casinoSessions.$inferSelect;
export type RevokeReason = (typeof casinoRevokeReasons)[number];

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A launch's token: 32 random bytes, shown once to the aggregator and kept as its hash. */
export async function openSession(s: {
  provider: string;
  userId: string;
  authSessionId: string | null;
  gameCode: string;
  currency: string;
}): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const db = await getDb();
  await db.insert(casinoSessions).values({ ...s, tokenHash: hashToken(token) });
  return token;
}

export async function sessionByToken(token: string): Promise<CasinoSession | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(casinoSessions)
    .where(eq(casinoSessions.tokenHash, hashToken(token)));
  return row ?? null;
}

/**
 * Whether a session still takes bets, by the database's clock: not revoked, within
 * GAME_SESSION_MAX_H of its launch and GAME_SESSION_IDLE_MIN of its last bet (or launch).
 */
const live = sql`${casinoSessions.revokedAt} IS NULL
  AND clock_timestamp() < ${casinoSessions.createdAt} + make_interval(hours => ${config.GAME_SESSION_MAX_H})
  AND clock_timestamp() < coalesce(${casinoSessions.lastBetAt}, ${casinoSessions.createdAt})
    + make_interval(mins => ${config.GAME_SESSION_IDLE_MIN})`;

/**
 * A bet uses the session: one conditional UPDATE that moves its idle clock only while it is live,
 * so a bet can never revive an expired or revoked session. Answers whether it was live.
 */
export async function touchSession(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx
    .update(casinoSessions)
    .set({ lastBetAt: sql`clock_timestamp()` })
    .where(and(eq(casinoSessions.id, id), live))
    .returning({ id: casinoSessions.id });
  return rows.length > 0;
}

/** Whether a session is live now, without using it (a balance call). */
export async function sessionLive(id: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .select({ id: casinoSessions.id })
    .from(casinoSessions)
    .where(and(eq(casinoSessions.id, id), live));
  return rows.length > 0;
}

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
