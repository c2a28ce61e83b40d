import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { AdjustmentBody } from '@/lib/schemas/operator';
import { getDb } from '@/lib/server/db';
import { cryptos, ledgerAccounts, users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { formatMinor, parseMinor } from '@/lib/server/wallet/amounts';
import { post } from '@/lib/server/wallet/ledger';
import { audit } from './audit';
import type { OperatorActor } from './auth';

/**
 * Credits or debits a player's available balance against the house's adjustment account, audited
 * in the same transaction. A debit past the balance is INSUFFICIENT_FUNDS; the same key twice
 * answers the first adjustment.
 */
export async function adjustBalance(actor: OperatorActor, body: AdjustmentBody) {
  const db = await getDb();
  const [currency] = await db
    .select({ decimals: cryptos.decimals })
    .from(cryptos)
    .where(eq(cryptos.symbol, body.currency));
  if (!currency) throw new ApiError('VALIDATION_ERROR', 'currency');
  const [player] = await db.select({ id: users.id }).from(users).where(eq(users.id, body.userId));
  if (!player) throw new ApiError('NOT_FOUND', 'userId');
  const amount = parseMinor(body.amount, currency.decimals);
  if (amount === BigInt(0)) throw new ApiError('VALIDATION_ERROR', 'amount');

  const account = { userId: player.id, currency: body.currency };
  const readBalance = async (from: Pick<typeof db, 'select'> = db) => {
    const [row] = await from
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.owner, `player:${player.id}`),
          eq(ledgerAccounts.currency, body.currency),
          eq(ledgerAccounts.kind, 'available'),
        ),
      );
    return row?.balance ?? BigInt(0);
  };
  // Read in the posting's transaction, under its lock on the account: a read before it recorded
  // another posting's balance as "before" when two landed at once (review B14).
  let after: bigint | null = null;
  const posted = await post(
    {
      type: 'adjustment',
      scope: `operator:adjustment:${actor.id}`,
      key: body.idempotencyKey,
      userId: player.id,
      lines: [
        { account: { house: 'adjustments', currency: body.currency }, amount: -amount },
        { account, amount },
      ],
      meta: { reason: body.reason, actor: actor.id },
    },
    {
      inTransaction: async (tx, transactionId) => {
        after = await readBalance(tx);
        await audit(tx, actor, {
          action: 'balance.adjust',
          target: `player:${player.id}`,
          before: {
            currency: body.currency,
            available: formatMinor(after - amount, currency.decimals),
          },
          after: {
            currency: body.currency,
            amount: body.amount,
            reason: body.reason,
            transactionId,
          },
        });
      },
    },
  );
  return {
    transactionId: posted.transactionId,
    replayed: posted.replayed,
    currency: body.currency,
    // A replay ran no hook: the balance now.
    available: formatMinor(after ?? (await readBalance()), currency.decimals),
  };
}
