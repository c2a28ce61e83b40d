import 'server-only';
import type { withdrawals } from '@/lib/server/db/schema';
import type { Tx } from '@/lib/server/wallet/ledger';
import { emitEvent } from './emit';

/** A deposit credited to a player (the chain watcher's, the custodian's): `deposit.credited` v1. */
export function depositCredited(
  tx: Tx,
  deposit: {
    userId: string;
    currency: string;
    amount: bigint;
    withdrawOnly: boolean;
    source: string;
    transactionId: string;
  },
): Promise<string> {
  return emitEvent(tx, 'deposit.credited', `deposit:${deposit.transactionId}`, {
    player: deposit.userId,
    currency: deposit.currency,
    amount: deposit.amount.toString(),
    withdrawOnly: deposit.withdrawOnly,
    source: deposit.source,
    transactionId: deposit.transactionId,
    creditedAt: new Date().toISOString(),
  });
}

/** A withdrawal paid out (the hot wallet's, the custodian's): `withdrawal.paid` v1. */
export function withdrawalPaid(
  tx: Tx,
  w: Pick<typeof withdrawals.$inferSelect, 'id' | 'userId' | 'currency' | 'amount' | 'fee'>,
  transactionId: string,
): Promise<string> {
  return emitEvent(tx, 'withdrawal.paid', `withdrawal:${w.id}`, {
    player: w.userId,
    withdrawalId: w.id,
    currency: w.currency,
    amount: w.amount.toString(),
    fee: w.fee.toString(),
    transactionId,
    paidAt: new Date().toISOString(),
  });
}
