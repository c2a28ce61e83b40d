import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/server/db';
import { sessions, users } from '@/lib/server/db/schema';

export type SessionUser = {
  id: string;
  username: string;
  email: string | null;
  role: string;
  sessionId: string;
};

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Only the token's hash is stored: a leaked sessions table cannot be replayed. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function bearerToken(request: Request): string | null {
  const header = request.headers.get('authorization');
  const match = header?.match(/^Bearer\s+([A-Za-z0-9._~+/=-]{16,512})$/);
  return match?.[1] ?? null;
}

export async function createSession(
  userId: string,
  ttlMs = SESSION_TTL_MS,
): Promise<{ token: string; expiresAt: Date }> {
  const db = await getDb();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlMs);
  await db.insert(sessions).values({ userId, tokenHash: hashToken(token), expiresAt });
  return { token, expiresAt };
}

/** The signed-in player behind a request's bearer token, if the session is live. */
export async function authenticate(request: Request): Promise<SessionUser | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      role: users.role,
      sessionId: sessions.id,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function revokeSession(sessionId: string): Promise<void> {
  const db = await getDb();
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}
