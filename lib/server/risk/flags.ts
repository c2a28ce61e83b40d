import 'server-only';
import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { FlagKind, PlayerFlag } from '@/lib/schemas/risk';
import { getDb, type Db } from '@/lib/server/db';
import { playerFlags, users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import type { OperatorActor } from '@/lib/server/operator/auth';
import { audit } from '@/lib/server/operator/audit';
import type { Tx } from '@/lib/server/wallet/ledger';

/**
 * Opens a flag unless this signal (player, kind, source) was raised before: an open flag is not
 * repeated, and one a person closed stays closed for the same source.
 */
export async function raiseFlag(
  flag: { userId: string; kind: FlagKind; source: string; details?: Record<string, unknown> },
  tx?: Tx,
): Promise<void> {
  const db: Pick<Db, 'insert'> = tx ?? (await getDb());
  await db
    .insert(playerFlags)
    .values({ ...flag, details: flag.details ?? null })
    .onConflictDoNothing();
}

export type FlagFilter = {
  id?: string;
  status?: 'open' | 'closed';
  kind?: FlagKind;
  userId?: string;
  offset: number;
  limit: number;
};

/** Flags, newest first, a page at a time, with the player's username. */
export async function listFlags(filter: FlagFilter): Promise<PlayerFlag[]> {
  const db = await getDb();
  const where: SQL[] = [];
  if (filter.id) where.push(eq(playerFlags.id, filter.id));
  if (filter.status === 'open') where.push(isNull(playerFlags.closedAt));
  if (filter.status === 'closed') where.push(isNotNull(playerFlags.closedAt));
  if (filter.kind) where.push(eq(playerFlags.kind, filter.kind));
  if (filter.userId) where.push(eq(playerFlags.userId, filter.userId));
  const rows = await db
    .select({ flag: playerFlags, username: users.username })
    .from(playerFlags)
    .innerJoin(users, eq(users.id, playerFlags.userId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(playerFlags.openedAt), desc(playerFlags.id))
    .offset(filter.offset)
    .limit(filter.limit);
  return rows.map(({ flag, username }) => ({
    id: flag.id,
    userId: flag.userId,
    username,
    kind: flag.kind,
    source: flag.source,
    details: flag.details ?? null,
    openedAt: flag.openedAt.toISOString(),
    closedAt: flag.closedAt?.toISOString() ?? null,
    closedBy: flag.closedBy,
    note: flag.note,
  }));
}

/** Closes an open flag with the reviewer's note (one conditional update; audited). */
export async function closeFlag(actor: OperatorActor, id: string, note: string) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [closed] = await tx
      .update(playerFlags)
      .set({ closedAt: sql`now()`, closedBy: actor.id, note })
      .where(and(eq(playerFlags.id, id), isNull(playerFlags.closedAt)))
      .returning();
    if (!closed) {
      const [exists] = await tx
        .select({ id: playerFlags.id })
        .from(playerFlags)
        .where(eq(playerFlags.id, id));
      throw new ApiError(exists ? 'CONFLICT' : 'NOT_FOUND', 'flag');
    }
    await audit(tx, actor, {
      action: 'flag.close',
      target: `player:${closed.userId}`,
      before: { flag: id, kind: closed.kind, source: closed.source, status: 'open' },
      after: { flag: id, status: 'closed', note },
    });
  });
  const [flag] = await listFlags({ id, offset: 0, limit: 1 });
  return flag!;
}
