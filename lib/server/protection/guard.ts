import 'server-only';
import { eq } from 'drizzle-orm';
import { users } from '@/lib/server/db/schema';
import { getDb } from '@/lib/server/db';
import { ApiError } from '@/lib/server/http/api-error';
import type { Line, Tx } from '@/lib/server/wallet/ledger';
import { ledgerPrecision } from '@/lib/server/wallet/amounts';
import { currentRates } from '@/lib/server/wallet/rates';
import { passedLimit } from './limits';
import { activeRestriction } from './restriction';

/** The USD value of the player's side of some lines (negative lines for a stake, positive for a credit). */
async function usdOf(lines: Line[], sign: 1 | -1, tx?: Tx): Promise<number> {
  const [rates, decimals] = await Promise.all([currentRates(), ledgerPrecision(tx)]);
  return lines.reduce((sum, line) => {
    const amount = line.amount * BigInt(sign);
    if (amount <= BigInt(0)) return sum;
    const currency = line.account.currency;
    const units = Number(amount) / 10 ** (decimals.get(currency) ?? 0);
    return sum + units * (rates.rates[currency]?.USD ?? 0);
  }, 0);
}

/** The player's lines on their own available balance. */
const availableLines = (lines: Line[], userId: string) =>
  lines.filter(
    (l) =>
      'userId' in l.account &&
      l.account.userId === userId &&
      (l.account.kind ?? 'available') === 'available',
  );

/** Locks the player's row for the rest of the posting: their bets and deposits count one at a time. */
async function lockedPlayer(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ restriction: users.restriction, restrictedUntil: users.restrictedUntil })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  return row;
}

/**
 * A bet: refused during a break, or when its stake would pass a wager limit, or a loss limit (the
 * stake counted as lost, the worst case). Runs inside the posting's transaction, after the player's
 * row is locked, so parallel bets are counted one after another and cannot pass a limit together.
 */
export async function guardBet(tx: Tx, userId: string, lines: Line[]): Promise<void> {
  const player = await lockedPlayer(tx, userId);
  if (player && activeRestriction(player)) throw new ApiError('PLAY_RESTRICTED');
  const passed = await passedLimit(
    userId,
    ['wager', 'loss'],
    () => usdOf(availableLines(lines, userId), -1, tx),
    tx,
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
  lines: Line[],
): Promise<{ lines: Line[]; withdrawOnly: boolean }> {
  const player = await lockedPlayer(tx, userId);
  const credited = availableLines(lines, userId);
  if (!credited.length) return { lines, withdrawOnly: false };
  const blocked =
    (player && activeRestriction(player)) ||
    (await passedLimit(userId, ['deposit'], () => usdOf(credited, 1, tx), tx));
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
  const passed = await passedLimit(userId, ['wager', 'loss'], () => 0);
  if (passed) throw new ApiError(limitError[passed.kind]);
}

export async function assertCanDeposit(userId: string, depositUsd = 0): Promise<void> {
  await assertNoBreak(userId);
  const passed = await passedLimit(userId, ['deposit'], () => depositUsd);
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
