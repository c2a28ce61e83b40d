import 'server-only';
import { logger } from '@/lib/logger';
import { emitToPlayer } from '@/lib/server/realtime';
import { formatMinor } from './amounts';
import { playerAccounts } from './balances';

/** The socket event a posting sends each player it touched: their balance in that currency now. */
export const BALANCE_EVENT = 'balance';
export type BalanceEvent = {
  currency: string;
  available: string;
  held: string;
  withdraw_only: string;
};

/**
 * Tells every player a committed posting touched their new balances (header updates without a
 * reload). Best effort: the money has moved whatever happens here, so a failure is only logged.
 */
export async function announceBalances(userIds: string[], currencies: string[]): Promise<void> {
  if (userIds.length === 0 || !globalThis.__io) return;
  try {
    const rows = await playerAccounts(userIds, currencies);
    const events = new Map<string, BalanceEvent & { userId: string }>();
    for (const row of rows) {
      const key = `${row.userId}|${row.currency}`;
      const zero = formatMinor(BigInt(0), row.decimals);
      const event = events.get(key) ?? {
        userId: row.userId!,
        currency: row.currency,
        available: zero,
        held: zero,
        withdraw_only: zero,
      };
      event[row.kind] = formatMinor(row.balance, row.decimals);
      events.set(key, event);
    }
    for (const { userId, ...event } of events.values()) emitToPlayer(userId, BALANCE_EVENT, event);
  } catch (err) {
    logger.warn({ err }, 'balance event not sent');
  }
}
