import 'server-only';
import { and, eq, notInArray } from 'drizzle-orm';
import { getDb } from '@/lib/server/db';
import { playerNotes, playerTags, users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { revokeAllSessions } from '@/lib/server/auth/session';
import { effectiveAmount, lockedLimit, writeLimit } from '@/lib/server/protection/limits';
import type { StaffLimitBody } from '@/lib/schemas/back-office-players';
import { audit, auditNow } from './audit';
import type { OperatorActor } from './auth';

async function assertPlayer(userId: string) {
  const db = await getDb();
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!row) throw new ApiError('NOT_FOUND');
}

/** A note on the player page: kept as written, never edited, audited. */
export async function addNote(actor: OperatorActor, userId: string, body: string) {
  await assertPlayer(userId);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [note] = await tx
      .insert(playerNotes)
      .values({ userId, author: actor.id, body })
      .returning();
    await audit(tx, actor, {
      action: 'player.note',
      target: `player:${userId}`,
      after: { note: note!.id, body },
    });
    return {
      id: note!.id,
      author: note!.author,
      authorName: actor.name ?? null,
      body: note!.body,
      createdAt: note!.createdAt.toISOString(),
    };
  });
}

/** The player's tags become exactly these (added and removed ones audited, before and after). */
export async function setTags(actor: OperatorActor, userId: string, wanted: string[]) {
  await assertPlayer(userId);
  const tags = [...new Set(wanted)].sort();
  const db = await getDb();
  return db.transaction(async (tx) => {
    // One change at a time per player: two editors at once each see the other's tags.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const before = (
      await tx.select({ tag: playerTags.tag }).from(playerTags).where(eq(playerTags.userId, userId))
    )
      .map((r) => r.tag)
      .sort();
    await tx
      .delete(playerTags)
      .where(
        and(
          eq(playerTags.userId, userId),
          tags.length ? notInArray(playerTags.tag, tags) : undefined,
        ),
      );
    const added = tags.filter((t) => !before.includes(t));
    if (added.length) {
      await tx
        .insert(playerTags)
        .values(added.map((tag) => ({ userId, tag, addedBy: actor.id })))
        .onConflictDoNothing();
    }
    if (added.length || before.some((t) => !tags.includes(t))) {
      await audit(tx, actor, {
        action: 'player.tags',
        target: `player:${userId}`,
        before: { tags: before },
        after: { tags },
      });
    }
    return { tags };
  });
}

/**
 * Blocks a player (their sessions end and sockets close at once; sign-in answers ACCOUNT_BLOCKED)
 * or unblocks one, with the reason, by one conditional update; audited.
 */
export async function setBlocked(
  actor: OperatorActor,
  userId: string,
  blocked: boolean,
  reason: string,
) {
  const db = await getDb();
  const changed = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: users.status })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!before) throw new ApiError('NOT_FOUND');
    const [row] = await tx
      .update(users)
      .set({ status: blocked ? 'blocked' : 'active' })
      .where(
        and(
          eq(users.id, userId),
          // Only an active account is blocked (one never activated cannot sign in anyway), so
          // unblocking gives back exactly what blocking took.
          eq(users.status, blocked ? 'active' : 'blocked'),
        ),
      )
      .returning({ status: users.status });
    if (!row) throw new ApiError('CONFLICT', blocked ? 'blocked' : 'not blocked');
    await audit(tx, actor, {
      action: blocked ? 'player.block' : 'player.unblock',
      target: `player:${userId}`,
      before: { status: before.status },
      after: { status: row.status, reason },
    });
    return row;
  });
  const ended = blocked ? await revokeAllSessions(userId) : 0;
  return { status: changed.status, sessionsEnded: ended };
}

/** Ends every session of the player now (their sockets close); audited with the count. */
export async function endPlayerSessions(actor: OperatorActor, userId: string, reason: string) {
  await assertPlayer(userId);
  const ended = await revokeAllSessions(userId);
  await auditNow(actor, {
    action: 'player.sessions.end',
    target: `player:${userId}`,
    after: { ended, reason },
  });
  return { sessionsEnded: ended };
}

/**
 * Sets a limit tighter than the player's own, at once (a pending increase of theirs is dropped):
 * staff never loosen or remove one — that stays the player's, with its waiting time. Audited.
 */
export async function tightenLimit(
  actor: OperatorActor,
  userId: string,
  { kind, period, amount, reason }: StaffLimitBody,
) {
  await assertPlayer(userId);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const row = await lockedLimit(tx, userId, kind, period);
    const current = row ? effectiveAmount(row) : null;
    if (current !== null && amount >= current) throw new ApiError('LIMIT_NOT_TIGHTER');
    await writeLimit(tx, userId, kind, period, { amount, pendingAmount: null, pendingAt: null });
    await audit(tx, actor, {
      action: 'player.limit.tighten',
      target: `player:${userId}`,
      before: { kind, period, amount: current, pendingAmount: row?.pendingAmount ?? null },
      after: { kind, period, amount, reason },
    });
    return { kind, period, amount };
  });
}
