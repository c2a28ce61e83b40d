import { createHash } from 'node:crypto';
import type { LedgerType } from '@/lib/server/db/schema';
import type { Line, Posting } from './ledger';
import { accountKey, resolve } from './ledger-accounts';
import { isStake, playersOf } from './ledger-stakes';

/*
 * The rules a posting's lines obey whatever the balances: what `post()` checks before it touches
 * the database, and how a return repays a debt. Kept apart from ledger.ts so they are tested (and
 * mutated) without a database.
 */

/**
 * A posting's meta as stored and hashed: a bigint (an amount in minor units) becomes its decimal
 * string, where JSON would throw. Meta belongs to the request — what was asked, never when or by
 * which connection — since it is part of what a retry must repeat.
 */
export function storedMeta(
  meta: Record<string, unknown> | undefined,
): Record<string, unknown> | null {
  if (!meta) return null;
  return JSON.parse(
    JSON.stringify(meta, (_, value: unknown) =>
      typeof value === 'bigint' ? value.toString() : value,
    ),
  ) as Record<string, unknown>;
}

/**
 * What makes two requests under one key "the same": the movement itself, not when it was asked.
 * Lines decided under the lock are not part of it — only the accounts named, with `meta` carrying
 * what decides the amounts (a bet's parameters). Stored with the key: a retry after an upgrade
 * must hash the same, so the form never changes.
 */
export function requestHash(posting: Posting, computed: boolean): string {
  const lines = posting.lines.map((l) => {
    const key = accountKey(resolve(l.account));
    return computed ? key : [key, l.amount.toString()];
  });
  return createHash('sha256')
    .update(
      JSON.stringify([
        posting.type,
        posting.userId ?? null,
        computed ? 'under-lock' : 'fixed',
        lines,
        storedMeta(posting.meta),
      ]),
    )
    .digest('hex');
}

/** A posting that cannot be right whatever the balances: a bug in the caller, not a client mistake. */
export function assertBalanced(lines: Line[]): void {
  if (lines.length < 2) throw new Error('a posting needs at least two lines');
  const sums = new Map<string, bigint>();
  for (const line of lines) {
    if (line.amount === BigInt(0)) throw new Error('a ledger line cannot be zero');
    const currency = line.account.currency;
    sums.set(currency, (sums.get(currency) ?? BigInt(0)) + line.amount);
  }
  for (const [currency, sum] of sums) {
    if (sum !== BigInt(0)) throw new Error(`posting does not balance in ${currency}: ${sum}`);
  }
}

/**
 * A win or reversal may take an earlier return back (a resettlement, a rolled-back credit): the
 * shape of a stake, counted as a negative win and never refused by protection.
 */
const TAKES_BACK: ReadonlySet<LedgerType> = new Set(['win', 'reversal']);

/**
 * A player's money moves only in a posting that names that player, and one player per posting: the
 * posting locks that player's row first, and a stake is a bet of that player — no product can
 * step around protection by leaving the player out or calling the stake something else (B3).
 */
export function assertPlayers(posting: Posting, lines: Line[]): void {
  const players = playersOf(lines);
  if (players.some((p) => p !== posting.userId)) {
    throw new Error(`a posting moves money of a player it does not name (${posting.scope})`);
  }
  if (
    isStake(lines) &&
    !TAKES_BACK.has(posting.type) &&
    (posting.type !== 'bet' || !posting.userId)
  ) {
    throw new Error(`a stake must be posted as a bet of its player (${posting.scope})`);
  }
}

/** Deposits and returns repay what the player owes the house first (the `receivable` balance). */
const REPAYS: ReadonlySet<LedgerType> = new Set(['deposit', 'win', 'bet']);

/**
 * The lines with each credit to a player's real money (available or withdraw-only) that owes the
 * house turned, up to the debt, into a credit to the `receivable` balance. `owed` answers the
 * receivable as it stands (negative when owed); `repaid` hears each repayment, so the next line
 * of the batch sees the debt that is left.
 */
export function repayFirst(
  type: LedgerType,
  lines: Line[],
  owed: (userId: string, currency: string) => bigint,
  repaid: (userId: string, currency: string, amount: bigint) => void,
): Line[] {
  if (!REPAYS.has(type)) return lines;
  return lines.flatMap((line) => {
    const a = line.account;
    if (!('userId' in a) || line.amount <= BigInt(0)) return [line];
    const kind = a.kind ?? 'available';
    if (kind !== 'available' && kind !== 'withdraw_only') return [line];
    const debt = -owed(a.userId, a.currency);
    if (debt <= BigInt(0)) return [line];
    const receivable = { userId: a.userId, currency: a.currency, kind: 'receivable' as const };
    if (line.amount <= debt) {
      repaid(a.userId, a.currency, line.amount);
      return [{ account: receivable, amount: line.amount }];
    }
    repaid(a.userId, a.currency, debt);
    return [
      { ...line, amount: line.amount - debt },
      { account: receivable, amount: debt },
    ];
  });
}
