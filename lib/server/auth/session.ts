import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { config } from '@/lib/config';
import { logger } from '@/lib/logger';
import { getDb } from '@/lib/server/db';
import { prepared } from '@/lib/server/db/prepared';
import { sessions, users, type LoginType, type SessionScope } from '@/lib/server/db/schema';
import { revokeForSignIns } from '@/lib/server/casino/sessions';
import { disconnectSessions } from '@/lib/server/realtime';
import { signToken, verifyToken, type TokenKind } from './tokens';

export type SessionUser = {
  id: string;
  username: string;
  email: string | null;
  role: string;
  sessionId: string;
  /** restricted: opened during a break — balance and withdrawals only (see Route.restricted). */
  scope: SessionScope;
  /** For the socket's segment rooms (platform notices by language and VIP level). */
  language: string;
  vipLevel: number;
};

export type IssuedSession = { token: string; streamToken: string; expiresAt: Date };

export function sessionTtlMs(): number {
  return config.SESSION_TTL_HOURS * 60 * 60 * 1000;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function bearerToken(request: Request): string | null {
  const header = request.headers.get('authorization');
  const match = header?.match(/^Bearer\s+([A-Za-z0-9._~+/=-]{16,2048})$/);
  return match?.[1] ?? null;
}

/**
 * A new session row and its two tokens: the access token for API calls and the stream token for
 * the real-time socket. Every sign-in makes a new one, so signing out elsewhere never leaks in.
 */
export async function createSession(
  userId: string,
  meta: {
    loginType?: LoginType;
    ip?: string;
    userAgent?: string | null;
    scope?: SessionScope;
  } = {},
  ttlMs = sessionTtlMs(),
): Promise<IssuedSession> {
  const db = await getDb();
  const expiresAt = new Date(Date.now() + ttlMs);
  const sessionId = crypto.randomUUID();
  const token = await signToken({ sub: userId, sid: sessionId, kind: 'access' }, expiresAt);
  const streamToken = await signToken({ sub: userId, sid: sessionId, kind: 'stream' }, expiresAt);
  await db.insert(sessions).values({
    id: sessionId,
    userId,
    tokenHash: hashToken(token),
    expiresAt,
    loginType: meta.loginType,
    scope: meta.scope ?? 'full',
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 500),
  });
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
  return { token, streamToken, expiresAt };
}

/**
 * The live session and its player, as prepared statements (every authenticated request runs one):
 * an access token must be the very one issued with the row (its hash is stored); a stream token
 * is checked by its session alone.
 */
const sessionStatement = (kind: TokenKind) =>
  prepared((db) =>
    db
      .select({
        id: users.id,
        username: users.username,
        email: users.email,
        role: users.role,
        sessionId: sessions.id,
        scope: sessions.scope,
        language: users.language,
        vipLevel: users.vipLevel,
        lastSeenAt: sessions.lastSeenAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sql.placeholder('sid')),
          eq(sessions.userId, sql.placeholder('sub')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql.placeholder('now')),
          eq(users.status, 'active'),
          kind === 'access' ? eq(sessions.tokenHash, sql.placeholder('tokenHash')) : undefined,
        ),
      )
      .limit(1)
      .prepare(`live_session_${kind}`),
  );
const liveSessionStatements = {
  access: sessionStatement('access'),
  stream: sessionStatement('stream'),
};

/** How stale "last seen" may get: a write a minute per active session, not one per request. */
const LAST_SEEN_RESOLUTION_MS = 60_000;

async function liveSession(token: string, kind: TokenKind): Promise<SessionUser | null> {
  const claims = await verifyToken(token, kind);
  if (!claims) return null;
  const now = new Date();
  const [row] = await (
    await liveSessionStatements[kind]()
  ).execute({
    sid: claims.sid,
    sub: claims.sub,
    now,
    tokenHash: hashToken(token),
  });
  if (!row) return null;
  const { lastSeenAt, ...user } = row;
  if (!lastSeenAt || now.getTime() - lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) {
    void markSeen(user.sessionId, now);
  }
  return user;
}

/**
 * "Last seen" is written beside the request, not before its answer: the answer need not wait for a
 * commit and its WAL flush, once a minute per session. A lost write only makes the session look
 * idle a minute longer; the next request writes it again.
 */
async function markSeen(sessionId: string, now: Date): Promise<void> {
  try {
    const db = await getDb();
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
  } catch (err) {
    logger.debug({ err }, 'session last seen not written');
  }
}

/** The signed-in player behind a request's bearer token, if the session is live. */
export async function authenticate(request: Request): Promise<SessionUser | null> {
  const token = bearerToken(request);
  return token ? liveSession(token, 'access') : null;
}

/** The player a socket's stream token belongs to, if its session is live. */
export function authenticateStream(token: string): Promise<SessionUser | null> {
  return liveSession(token, 'stream');
}

/**
 * Ends one live session — of `userId` only, when given — in one conditional statement, and
 * disconnects its sockets. Answers whether it was live (an ended or foreign one changes nothing).
 */
export async function revokeSession(sessionId: string, userId?: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.id, sessionId),
        isNull(sessions.revokedAt),
        ...(userId ? [eq(sessions.userId, userId)] : []),
      ),
    )
    .returning({ id: sessions.id });
  disconnectSessions(rows.map((r) => r.id));
  await revokeForSignIns(rows.map((r) => r.id));
  return rows.length > 0;
}

/**
 * Revokes every live session of a player but `except` (password reset, 2FA turned on), in one
 * statement, and disconnects their sockets.
 */
export async function revokeAllSessions(userId: string, except?: string): Promise<number> {
  const db = await getDb();
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        ...(except ? [ne(sessions.id, except)] : []),
      ),
    )
    .returning({ id: sessions.id });
  disconnectSessions(rows.map((r) => r.id));
  await revokeForSignIns(rows.map((r) => r.id));
  return rows.length;
}

/** When the session was signed into: a recent sign-in stands in for the password (step-up). */
export async function sessionStartedAt(sessionId: string): Promise<Date | null> {
  const db = await getDb();
  const [row] = await db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return row?.createdAt ?? null;
}

export async function trackRoute(sessionId: string, route: string): Promise<void> {
  const db = await getDb();
  await db
    .update(sessions)
    .set({ currentRoute: route, routeUpdatedAt: new Date() })
    .where(eq(sessions.id, sessionId));
}
