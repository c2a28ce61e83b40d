import 'server-only';
import { logger } from '@/lib/logger';
import type { BalanceKind } from '@/lib/server/db/schema';
import { emitToPlayer } from '@/lib/server/realtime';
import { formatMinor, cachedPrecision } from './amounts';

/** The socket event a posting sends each player it touched: their balances in that currency. */
export const BALANCE_EVENT = 'balance';

/**
 * A player's balances in one currency after a posting, as the posting saw them under its lock.
 * `version` grows with each posting of the player (microseconds, taken under the lock): a client
 * that hears two events out of order keeps the later.
 */
export type BalanceEvent = { currency: string; version: string } & Record<BalanceKind, string>;

export type BalanceSnapshot = {
  userId: string;
  currency: string;
  version: string;
  balances: Partial<Record<BalanceKind, bigint>>;
};

const kinds: BalanceKind[] = ['available', 'held', 'withdraw_only', 'stake', 'bonus', 'receivable'];

/**
 * Tells every player a committed posting touched their new balances (header updates without a
 * reload), from what the posting computed — no second read that a later posting could overtake
 * (review B19). Best effort: the money has moved whatever happens here, so a failure is only logged.
 */
export async function announceBalances(snapshots: BalanceSnapshot[]): Promise<void> {
  if (snapshots.length === 0 || !globalThis.__io) return;
  try {
    const decimals = await cachedPrecision();
    for (const { userId, currency, version, balances } of snapshots) {
      const places = decimals.get(currency) ?? 0;
      const event = { currency, version } as BalanceEvent;
      for (const kind of kinds) event[kind] = formatMinor(balances[kind] ?? BigInt(0), places);
      emitToPlayer(userId, BALANCE_EVENT, event);
    }
  } catch (err) {
    logger.warn({ err }, 'balance event not sent');
  }
}
