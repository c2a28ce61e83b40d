import 'server-only';
import {
  walletTransactionSchema,
  type TransactionsPage,
  type TransactionsQuery,
} from '@/lib/schemas/wallet';
import { getDbHandle } from '@/lib/server/db';
import { decodeCursor, encodeCursor, exactTime } from '@/lib/server/http/cursor';
import { formatMinor } from './amounts';

/**
 * The player's history (spec: transactions account page): every posting that moved their money,
 * one row per currency, newest first, with the change of their available and held balances.
 */
export async function listTransactions(
  userId: string,
  query: TransactionsQuery,
): Promise<TransactionsPage> {
  const where = ['a.owner = $1'];
  const values: unknown[] = [`player:${userId}`];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  if (query.type) where.push(`t.type = ${param(query.type)}`);
  if (query.currency) where.push(`e.currency = ${param(query.currency)}`);
  if (query.from) where.push(`t.created_at >= ${param(query.from)}::timestamptz`);
  if (query.to) where.push(`t.created_at < ${param(query.to)}::timestamptz`);
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    where.push(
      `(t.created_at, t.id) < (${param(cursor.time)}::timestamptz, ${param(cursor.id)}::uuid)`,
    );
  }
  const { sql } = await getDbHandle();
  const { rows } = await sql(
    `SELECT t.id, t.type, t.created_at, e.currency, c.decimals, w.status AS withdrawal_status,
        t.meta->>'network' AS network, t.meta->>'txHash' AS tx_hash,
        ${exactTime('t.created_at')} AS exact,
        coalesce(sum(e.amount) FILTER (WHERE a.kind = 'available'), 0)::text AS available,
        coalesce(sum(e.amount) FILTER (WHERE a.kind = 'held'), 0)::text AS held
      FROM ledger_transactions t
      JOIN ledger_entries e ON e.transaction_id = t.id
      JOIN ledger_accounts a ON a.id = e.account_id
      JOIN cryptos c ON c.symbol = e.currency
      LEFT JOIN withdrawals w ON w.hold_transaction_id = t.id
      WHERE ${where.join(' AND ')}
      GROUP BY t.id, t.type, t.created_at, e.currency, c.decimals, w.status
      ORDER BY t.created_at DESC, t.id DESC, e.currency
      LIMIT ${param(query.limit + 1)}`,
    values,
  );
  const page = rows.slice(0, query.limit);
  // Checked on the way out too: what the page shows is what the schema says.
  const data = page.map((row) => {
    const decimals = Number(row.decimals);
    return walletTransactionSchema.parse({
      id: row.id,
      type: row.type,
      currency: row.currency,
      amount: formatMinor(BigInt(String(row.available)), decimals),
      held: formatMinor(BigInt(String(row.held)), decimals),
      // A hold is a withdrawal's: its status is the withdrawal's now; every other posting is done.
      status: row.withdrawal_status ?? 'completed',
      network: row.network ?? null,
      txHash: row.tx_hash ?? null,
      createdAt: new Date(String(row.created_at)).toISOString(),
    });
  });
  const last = page.at(-1);
  return {
    data,
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor({ time: String(last.exact), id: String(last.id) })
        : null,
  };
}
