import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { verify } from 'otplib';
import { config } from '@/lib/config';
import { logger } from '@/lib/logger';
import { STAFF_COOKIE, staffRoom } from '@/lib/realtime/socket-auth';
import type { StaffMember, StaffSignIn } from '@/lib/schemas/staff';
import { verifyPassword } from '@/lib/server/auth/passwords';
import { unseal } from '@/lib/server/auth/secrets';
import { getDb } from '@/lib/server/db';
import { staff, staffSessions } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { cookieHeader, readCookie } from '@/lib/server/http/cookies';
import { hitLimit } from '@/lib/server/http/rate-limit';
import type { OperatorActor } from '@/lib/server/operator/auth';
import { totpContext } from './accounts';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

// Staff accounts open the till: few tries, counted per address and per account.
const perIp = { name: 'staff-sign-in-ip', limit: 20, windowMs: 15 * 60_000 };
const perAccount = {
  name: 'staff-sign-in-account',
  limit: 5,
  windowMs: 15 * 60_000,
  code: 'TOO_MANY_SIGN_IN_ATTEMPTS' as const,
};

/** Secure whenever the back office is served over HTTPS (its own origin, or the site's). */
function cookieOptions(maxAge: number) {
  const origin = config.OPERATOR_ORIGIN ?? config.SITE_URL;
  return {
    path: '/',
    maxAge,
    httpOnly: true,
    sameSite: 'Strict' as const,
    secure: origin.startsWith('https:'),
  };
}

/**
 * The back office on the player site's own origin shares it with every script of the site: fine
 * for a demo, not for real money. Said once at start.
 */
export function announceBackOfficeOrigin(): void {
  if (
    config.NODE_ENV === 'production' &&
    config.SITE_URL.startsWith('https:') &&
    !config.OPERATOR_ORIGIN
  ) {
    logger.warn(
      "OPERATOR_ORIGIN is not set: the back office shares the player site's origin, so a script on a player page (an XSS, a compromised CMS script) could act with a staff member's session in the same browser. Serve it on its own host (OPERATOR_ORIGIN=https://office.example).",
    );
  }
}

/**
 * With OPERATOR_ORIGIN set, staff sign in and act only on the back office's own host: the player
 * site's host answers as if there were no back office.
 */
export function assertBackOfficeHost(request: Request): void {
  if (!config.OPERATOR_ORIGIN) return;
  const host = request.headers.get('host') ?? new URL(request.url).host;
  if (host !== new URL(config.OPERATOR_ORIGIN).host) throw new ApiError('NOT_FOUND');
}

/** Checks a staff TOTP code and spends its time step in one conditional update. */
async function acceptStaffTotp(row: typeof staff.$inferSelect, code: string): Promise<boolean> {
  const secret = await unseal('totp-secret', row.totpSecret, totpContext(row.id));
  if (!secret) return false;
  const result = await verify({
    secret,
    token: code,
    epochTolerance: 30,
    ...(row.totpLastStep !== null ? { afterTimeStep: row.totpLastStep } : {}),
  }).catch(() => ({ valid: false as const }));
  if (!result.valid) return false;
  const step = (result as { timeStep: number }).timeStep;
  const db = await getDb();
  const moved = await db
    .update(staff)
    .set({ totpLastStep: step })
    .where(and(eq(staff.id, row.id), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))))
    .returning({ id: staff.id });
  return moved.length === 1;
}

const member = (row: typeof staff.$inferSelect): StaffMember => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
});

/**
 * A staff sign-in: password and TOTP code, both required. Answers the staff member and the
 * Set-Cookie of a new session (HttpOnly, SameSite=Strict): no script on any page can read it.
 */
export async function signInStaff(body: StaffSignIn, ip: string) {
  await hitLimit(perIp, ip);
  await hitLimit(perAccount, body.email);
  const db = await getDb();
  const [row] = await db
    .select()
    .from(staff)
    .where(and(sql`lower(${staff.email}) = ${body.email}`, isNull(staff.disabledAt)));
  if (!(await verifyPassword(row?.passwordHash ?? null, body.password)) || !row) {
    throw new ApiError('INVALID_CREDENTIALS');
  }
  if (!(await acceptStaffTotp(row, body.code))) throw new ApiError('INVALID_2FA');
  const token = randomBytes(32).toString('base64url');
  const hours = config.STAFF_SESSION_HOURS;
  await db.insert(staffSessions).values({
    staffId: row.id,
    tokenHash: hashOf(token),
    expiresAt: new Date(Date.now() + hours * 3_600_000),
  });
  return {
    member: member(row),
    cookie: cookieHeader(STAFF_COOKIE, token, cookieOptions(hours * 3600)),
  };
}

/** The staff member a session token belongs to, while the session and the account are live. */
export async function staffByToken(token: string): Promise<StaffMember | null> {
  const db = await getDb();
  const [row] = await db
    .select({ staff })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, hashOf(token)),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, sql`now()`),
        isNull(staff.disabledAt),
      ),
    );
  return row ? member(row.staff) : null;
}

/** The operator API's actor for a staff session cookie, or null when there is none. */
export async function staffActor(request: Request): Promise<OperatorActor | null> {
  const token = readCookie(request, STAFF_COOKIE);
  if (!token) return null;
  assertBackOfficeHost(request);
  const found = await staffByToken(token);
  if (!found) throw new ApiError('UNAUTHORIZED');
  return { id: `staff:${found.id}`, role: found.role, staffId: found.id, name: found.name };
}

/** Ends the session of this cookie and answers the Set-Cookie that deletes it. */
export async function signOutStaff(request: Request): Promise<string> {
  const token = readCookie(request, STAFF_COOKIE);
  if (token) {
    const db = await getDb();
    const ended = await db
      .update(staffSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(staffSessions.tokenHash, hashOf(token)), isNull(staffSessions.revokedAt)))
      .returning({ staffId: staffSessions.staffId });
    // Its live sockets go with it (other sign-ins of the same person reconnect on their own).
    for (const { staffId } of ended)
      globalThis.__io?.in(staffRoom(staffId)).disconnectSockets(true);
  }
  return cookieHeader(STAFF_COOKIE, '', cookieOptions(0));
}
