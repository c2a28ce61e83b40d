import 'server-only';
import { and, eq } from 'drizzle-orm';
import {
  LIMIT_INCREASE_DELAY_MS,
  limitKinds,
  limitPeriods,
  type LimitKind,
  type LimitPeriod,
  type PlayerLimit,
  type SetLimitBody,
} from '@/lib/schemas/protection';
import { getDb } from '@/lib/server/db';
import { playerLimits, users } from '@/lib/server/db/schema';
import type { Tx } from '@/lib/server/wallet/ledger';
import type { Rates } from '@/lib/schemas/rates';
import { lossOf, usageByPeriod, wageredOf, type Usage } from './usage';

type Row = typeof playerLimits.$inferSelect;

/** The limit in force now: a waiting increase or removal counts once its time has come. */
export function effectiveAmount(row: Row, now = Date.now()): number | null {
  return row.pendingAt && row.pendingAt.getTime() <= now ? row.pendingAmount : row.amount;
}

export async function limitRows(userId: string, tx?: Tx): Promise<Row[]> {
  const runner = tx ?? (await getDb());
  return runner.select().from(playerLimits).where(eq(playerLimits.userId, userId));
}

export const usedFor = (kind: LimitKind, usage: Usage) =>
  kind === 'deposit' ? usage.deposit : kind === 'wager' ? wageredOf(usage) : lossOf(usage);

/** What is about to happen, in USD, per limit kind it counts toward (none: nothing added). */
export type Adding = Partial<Record<LimitKind, number>>;

/** Every limit kind and period, set or not, with what was used of it so far. */
export async function playerLimitsView(userId: string): Promise<PlayerLimit[]> {
  const now = Date.now();
  const [rows, usage] = await Promise.all([
    limitRows(userId),
    usageByPeriod(userId, undefined, now),
  ]);
  return limitKinds.flatMap((kind) =>
    limitPeriods.map((period) => {
      const row = rows.find((r) => r.kind === kind && r.period === period);
      const waiting = row?.pendingAt && row.pendingAt.getTime() > now;
      return {
        kind,
        period,
        amount: row ? effectiveAmount(row, now) : null,
        used: Math.round(usedFor(kind, usage[period]) * 100) / 100,
        pending: waiting
          ? { amount: row.pendingAmount, effectiveAt: row.pendingAt!.toISOString() }
          : null,
      };
    }),
  );
}

/**
 * Sets one limit. Tighter than the limit in force (or a first limit): at once, and any waiting
 * increase is dropped. Looser, or removed: it waits 24 hours and the current limit holds until then.
 */
/**
 * One limit row of the player, locked until the transaction ends (none: not set yet). The player's
 * row is locked first: a limit not set yet has no row to lock, and the player setting their first
 * one while staff tighten it must be taken one after the other.
 */
export async function lockedLimit(
  tx: Tx,
  userId: string,
  kind: LimitKind,
  period: LimitPeriod,
): Promise<Row | undefined> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [row] = await tx
    .select()
    .from(playerLimits)
    .where(
      and(
        eq(playerLimits.userId, userId),
        eq(playerLimits.kind, kind),
        eq(playerLimits.period, period),
      ),
    )
    .for('update');
  return row;
}

/** Writes a limit row (made or replaced), under the lock `lockedLimit` took. */
export async function writeLimit(
  tx: Tx,
  userId: string,
  kind: LimitKind,
  period: LimitPeriod,
  values: Pick<Row, 'amount' | 'pendingAmount' | 'pendingAt'>,
): Promise<void> {
  const now = new Date();
  await tx
    .insert(playerLimits)
    .values({ userId, kind, period, ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: [playerLimits.userId, playerLimits.kind, playerLimits.period],
      set: { ...values, updatedAt: now },
    });
}

export async function setLimit(userId: string, body: SetLimitBody): Promise<void> {
  const db = await getDb();
  const now = new Date();
  await db.transaction(async (tx) => {
    const row = await lockedLimit(tx, userId, body.kind, body.period);
    const current = row ? effectiveAmount(row, now.getTime()) : null;
    const tighter = body.amount !== null && (current === null || body.amount <= current);
    const values = tighter
      ? { amount: body.amount, pendingAmount: null, pendingAt: null }
      : {
          amount: current,
          pendingAmount: body.amount,
          pendingAt: new Date(now.getTime() + LIMIT_INCREASE_DELAY_MS),
        };
    // Nothing set and nothing to set (removing a limit that is not there).
    if (!row && current === null && body.amount === null) return;
    await writeLimit(tx, userId, body.kind, body.period, values);
  });
}

/**
 * The first limit among `kinds` the usage plus what is about to happen would pass, if any. The
 * player's limits are read once; the amounts (`adding`, which may need rates) and the usage are
 * worked out only when a limit of those kinds is set — a bet of a player without limits costs one
 * small read. `rates`, when given, were read before the caller's transaction opened (a price
 * fetch never runs under a lock).
 */
export async function passedLimit(
  userId: string,
  kinds: readonly LimitKind[],
  adding: () => Promise<Adding> | Adding,
  tx?: Tx,
  rates?: Rates,
): Promise<{ kind: LimitKind; period: LimitPeriod; amount: number; used: number } | null> {
  const now = Date.now();
  const limits = (await limitRows(userId, tx)).flatMap((r) => {
    const amount = kinds.includes(r.kind) ? effectiveAmount(r, now) : null;
    return amount === null ? [] : [{ kind: r.kind, period: r.period, amount }];
  });
  if (!limits.length) return null;
  const [added, usage] = await Promise.all([adding(), usageByPeriod(userId, tx, now, rates)]);
  // In the order asked (a wager limit before a loss limit).
  limits.sort((a, b) => kinds.indexOf(a.kind) - kinds.indexOf(b.kind));
  for (const limit of limits) {
    const used = usedFor(limit.kind, usage[limit.period]);
    const more = added[limit.kind] ?? 0;
    // A limit reached exactly is reached: nothing more may go through it.
    if (used + more > limit.amount || (more === 0 && used >= limit.amount)) {
      return { ...limit, used };
    }
  }
  return null;
}
