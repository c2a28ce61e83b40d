import 'server-only';
import { revokeSessions } from '@/lib/server/casino/sessions';
import { addDays, addMonths, addWeeks, addYears } from 'date-fns';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { BreakDuration, Restriction, StartBreakBody } from '@/lib/schemas/protection';
import { getDb } from '@/lib/server/db';
import { users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { revokeAllSessions } from '@/lib/server/auth/session';

type Restrictable = Pick<typeof users.$inferSelect, 'restriction' | 'restrictedUntil'>;

/** The break in force now, if any (a closed account's never ends). */
export function activeRestriction(player: Restrictable, now = Date.now()): Restriction | null {
  if (!player.restriction) return null;
  if (player.restriction === 'closed') return { kind: 'closed', until: null };
  if (!player.restrictedUntil || player.restrictedUntil.getTime() <= now) return null;
  return { kind: player.restriction, until: player.restrictedUntil.toISOString() };
}

export function breakEnd(duration: BreakDuration, from = new Date()): Date {
  const n = Number.parseInt(duration, 10);
  switch (duration.slice(-1)) {
    case 'd':
      return addDays(from, n);
    case 'w':
      return addWeeks(from, n);
    case 'm':
      return addMonths(from, n);
    default:
      return addYears(from, n);
  }
}

/**
 * Starts a time-out, a self-exclusion or the closure, in one conditional statement: only when no
 * break is in force (a self-exclusion is never shortened by a time-out laid over it, and a
 * closure is final). Marketing consent ends with it. Then every session ends — this one too — and
 * the sockets close: from here sign-in opens only a restricted session.
 */
async function restrict(
  userId: string,
  restriction: 'time-out' | 'self-exclusion' | 'closed',
  until: Date | null,
): Promise<Restriction> {
  const db = await getDb();
  const now = new Date();
  const [row] = await db
    .update(users)
    .set({
      restriction,
      restrictedUntil: until,
      marketingEmail: false,
      marketingSms: false,
    })
    .where(
      and(
        eq(users.id, userId),
        or(
          isNull(users.restriction),
          and(
            or(eq(users.restriction, 'time-out'), eq(users.restriction, 'self-exclusion')),
            lte(users.restrictedUntil, now),
          ),
        ),
      ),
    )
    .returning({ restriction: users.restriction, restrictedUntil: users.restrictedUntil });
  if (!row) throw new ApiError('ACCOUNT_RESTRICTED');
  await revokeSessions(userId, restriction === 'closed' ? 'closed' : 'break');
  await revokeAllSessions(userId);
  return activeRestriction(row, now.getTime())!;
}

export function startBreak(userId: string, body: StartBreakBody): Promise<Restriction> {
  return restrict(userId, body.kind, breakEnd(body.duration));
}

/** Closing the account: a self-exclusion that never ends (the money can still be withdrawn). */
export function closeAccount(userId: string): Promise<Restriction> {
  return restrict(userId, 'closed', null);
}
