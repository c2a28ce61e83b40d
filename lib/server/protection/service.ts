import 'server-only';
import { eq } from 'drizzle-orm';
import type { PlaySession, Protection } from '@/lib/schemas/protection';
import type { SessionUser } from '@/lib/server/auth/session';
import { sessionStartedAt } from '@/lib/server/auth/session';
import { getDb } from '@/lib/server/db';
import { users } from '@/lib/server/db/schema';
import type { Player } from '@/lib/server/players/store';
import { playerLimitsView } from './limits';
import { activeRestriction } from './restriction';
import { usageSince, wageredOf } from './usage';

const cents = (n: number) => Math.round(n * 100) / 100;

/** The protection page: every limit with its use, the reality check, and any break in force. */
export async function protectionOf(user: SessionUser, player: Player): Promise<Protection> {
  return {
    limits: await playerLimitsView(player.id),
    realityCheckMinutes: player.realityCheckMinutes,
    restriction: activeRestriction(player),
    restrictedSession: user.scope === 'restricted',
  };
}

export async function setRealityCheck(userId: string, minutes: number | null): Promise<void> {
  const db = await getDb();
  await db.update(users).set({ realityCheckMinutes: minutes }).where(eq(users.id, userId));
}

/** The reality check's figures: time since this session's sign-in, and its wagers and net result. */
export async function playSession(user: SessionUser): Promise<PlaySession> {
  const startedAt = (await sessionStartedAt(user.sessionId)) ?? new Date();
  const usage = await usageSince(user.id, startedAt);
  return {
    startedAt: startedAt.toISOString(),
    wageredUsd: cents(wageredOf(usage)),
    netResultUsd: cents(usage.win - wageredOf(usage)),
  };
}
