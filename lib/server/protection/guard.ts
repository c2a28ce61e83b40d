import 'server-only';
import { eq } from 'drizzle-orm';
import { users } from '@/lib/server/db/schema';
import { getDb } from '@/lib/server/db';
import { ApiError } from '@/lib/server/http/api-error';
import type { Line, Tx } from '@/lib/server/wallet/ledger';
import { ledgerPrecision } from '@/lib/server/wallet/amounts';
import type { Rates } from '@/lib/schemas/rates';
import { passedLimit } from './limits';
import { activeRestriction } from './restriction';

/** The USD value of some lines' amounts (their absolute values), at the rates given. */
function usdOf(lines: Line[], rates: Rates, decimals: Map<string, number>): number {
  return lines.reduce((sum, line) => {
    const amount = line.amount < BigInt(0) ? -line.amount : line.amount;
    const currency = line.account.currency;
    const units = Number(amount) / 10 ** (decimals.get(currency) ?? 0);
    return sum + units * (rates.rates[currency]?.USD ?? 0);
  }, 0);
}

const kind = (line: Line) => ('userId' in line.account ? (line.account.kind ?? 'available') : null);
const own = (lines: Line[], userId: string) =>
  lines.filter((l) => 'userId' in l.account && l.account.userId === userId);

/** The player's row as the posting locked it: whether a break is running. */
export type LockedPlayer = Pick<typeof users.$inferSelect, 'restriction' | 'restrictedUntil'> & {
  /** Whether the player has set any limit (read with the lock; none: no usage to count). */
  hasLimits: boolean;
};

/**
 * A stake: refused during a break, or when it would pass a wager limit (real and bonus stakes) or
 * a loss limit (the real stake counted as lost, the worst case — never the round's own outcome,
 * which a refusal would otherwise give away). Runs under the player's row lock, so parallel bets
 * are counted one after another and cannot pass a limit together.
 */
export async function guardStake(
  tx: Tx,
  userId: string,
  player: LockedPlayer | undefined,
  lines: Line[],
  rates: Rates,
): Promise<void> {
  if (player && activeRestriction(player)) throw new ApiError('PLAY_RESTRICTED');
  if (player && !player.hasLimits) return;
  const staked = own(lines, userId).filter(
    (l) => l.amount < BigInt(0) && ['available', 'withdraw_only', 'bonus'].includes(kind(l)!),
  );
  const passed = await passedLimit(
    userId,
    ['wager', 'loss'],
    async () => {
      const decimals = await ledgerPrecision(tx);
      return {
        wager: usdOf(staked, rates, decimals),
        loss: usdOf(
          staked.filter((l) => kind(l) !== 'bonus'),
          rates,
          decimals,
        ),
      };
    },
    tx,
    rates,
  );
  if (passed) throw new ApiError(limitError[passed.kind]);
}

const limitError = {
  wager: 'WAGER_LIMIT_REACHED',
  loss: 'LOSS_LIMIT_REACHED',
  deposit: 'DEPOSIT_LIMIT_REACHED',
} as const;

/**
 * A deposit always arrives (crypto sent to a known address cannot be refused): during a break, or
 * past a deposit limit, it is credited to the withdraw-only balance instead of the playable one.
 * Answers the lines to post and whether they were redirected.
 */
export async function routeDeposit(
  tx: Tx,
  userId: string,
  player: LockedPlayer | undefined,
  lines: Line[],
  rates: Rates,
): Promise<{ lines: Line[]; withdrawOnly: boolean }> {
  const credited = own(lines, userId).filter(
    (l) => l.amount > BigInt(0) && kind(l) === 'available',
  );
  if (!credited.length) return { lines, withdrawOnly: false };
  const blocked =
    (player && activeRestriction(player)) ||
    (player?.hasLimits !== false &&
      (await passedLimit(
        userId,
        ['deposit'],
        async () => ({ deposit: usdOf(credited, rates, await ledgerPrecision(tx)) }),
        tx,
        rates,
      )));
  if (!blocked) return { lines, withdrawOnly: false };
  return {
    lines: lines.map((l) =>
      credited.includes(l) && 'userId' in l.account
        ? { ...l, account: { ...l.account, kind: 'withdraw_only' as const } }
        : l,
    ),
    withdrawOnly: true,
  };
}

/**
 * Before real play (the game launch) and before handing out a deposit address: refused during a
 * break, and — for play — once a wager or loss limit is reached; for deposits once a deposit limit
 * is reached, or would be passed by `depositUsd` (the amount a wallet payment is about to send).
 */
export async function assertCanPlay(userId: string): Promise<void> {
  await assertNoBreak(userId);
  const passed = await passedLimit(userId, ['wager', 'loss'], () => ({}));
  if (passed) throw new ApiError(limitError[passed.kind]);
}

export async function assertCanDeposit(userId: string, depositUsd = 0): Promise<void> {
  await assertNoBreak(userId);
  const passed = await passedLimit(userId, ['deposit'], () => ({ deposit: depositUsd }));
  if (!passed) return;
  const left = Math.max(0, Math.floor((passed.amount - passed.used) * 100) / 100);
  if (left > 0 && depositUsd > 0) {
    throw new ApiError('DEPOSIT_LIMIT_EXCEEDED', undefined, { left: left.toFixed(2) });
  }
  throw new ApiError('DEPOSIT_LIMIT_REACHED');
}

async function assertNoBreak(userId: string): Promise<void> {
  const db = await getDb();
  const [player] = await db
    .select({ restriction: users.restriction, restrictedUntil: users.restrictedUntil })
    .from(users)
    .where(eq(users.id, userId));
  if (player && activeRestriction(player)) throw new ApiError('PLAY_RESTRICTED');
}
