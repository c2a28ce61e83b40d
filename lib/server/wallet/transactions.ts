import 'server-only';
import {
  walletTransactionSchema,
  type TransactionsPage,
  type TransactionsQuery,
} from '@/lib/schemas/wallet';
import { getDbHandle } from '@/lib/server/db';
import { decodeCursor, encodeCursor, exactTime } from '@/lib/server/http/cursor';
import { formatMinor } from './amounts';
import { explorerTxUrl } from './explorers';

/** The player's balance kinds, each summed apart for a row. */
const kinds = ['available', 'withdraw_only', 'held', 'stake', 'bonus', 'receivable'] as const;
const kindSums = kinds
  .map((k) => `coalesce(sum(e.amount) FILTER (WHERE a.kind = '${k}'), 0)::text AS kind_${k}`)
  .join(', ');

/** A withdrawal still holds its amount and fee in these statuses. */
const HOLDING = new Set(['pending', 'approved', 'failed']);

/**
 * The player's history (spec: transactions account page): every posting that moved their money,
 * one row per currency, newest first. A withdrawal is one row whatever its postings (the hold, then
 * the payout or the release): its amount, fee, status now and the payout's on-chain transaction.
 * A page holds `limit` postings whole: a posting in two currencies is two rows on the same page
 * (the cursor names a posting, so a page ending between its rows lost the second for good).
 */
export async function listTransactions(
  userId: string,
  query: TransactionsQuery,
): Promise<TransactionsPage> {
  const where = [
    'a.owner = $1',
    // A withdrawal's payout and release are folded into its row (the hold's).
    `NOT (t.scope IN ('payout', 'withdrawal-release') AND t.meta->>'withdrawalId' IS NOT NULL)`,
  ];
  const values: unknown[] = [`player:${userId}`];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  if (query.type) {
    where.push(`(CASE WHEN w.id IS NULL THEN t.type ELSE 'withdrawal' END) = ${param(query.type)}`);
  }
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
  const moved = `FROM ledger_transactions t
        JOIN ledger_entries e ON e.transaction_id = t.id
        JOIN ledger_accounts a ON a.id = e.account_id
        JOIN cryptos c ON c.symbol = e.currency
        LEFT JOIN withdrawals w ON w.hold_transaction_id = t.id
        WHERE ${where.join(' AND ')}`;
  // The page's postings first, then their rows; the payout hash is looked up for the withdrawals
  // on it only.
  const { rows } = await sql(
    `WITH page AS (
        SELECT t.id ${moved}
        GROUP BY t.id
        ORDER BY t.created_at DESC, t.id DESC
        LIMIT ${param(query.limit + 1)}
      )
      SELECT r.*,
        CASE WHEN r.withdrawal_id IS NULL THEN r.meta_tx_hash ELSE coalesce(
          (SELECT p.meta->>'txHash' FROM ledger_transactions p
            WHERE p.scope = 'payout' AND p.key = r.withdrawal_id::text),
          (SELECT s.tx_hash FROM payouts p JOIN payout_transactions s ON s.payout_id = p.id
            WHERE p.withdrawal_id = r.withdrawal_id AND s.status <> 'refused'
            ORDER BY p.attempt DESC, s.created_at DESC LIMIT 1),
          (SELECT p.tx_hash FROM custodian_payouts p
            WHERE p.withdrawal_id = r.withdrawal_id AND p.tx_hash IS NOT NULL
            ORDER BY p.attempt DESC LIMIT 1)
        ) END AS tx_hash
      FROM (
        SELECT t.id, t.type, t.created_at, e.currency, c.decimals, ${exactTime('t.created_at')} AS exact,
          w.id AS withdrawal_id, w.status AS withdrawal_status,
          w.amount::text AS withdrawal_amount, w.fee::text AS withdrawal_fee,
          coalesce(w.network, t.meta->>'network') AS network, t.meta->>'txHash' AS meta_tx_hash,
          t.meta->>'subtype' AS subtype, coalesce(t.meta->>'roundId', t.meta->>'betId') AS round_id,
          ${kindSums}
        ${moved} AND t.id IN (SELECT id FROM page)
        GROUP BY t.id, e.currency, c.decimals, w.id
      ) r
      ORDER BY r.created_at DESC, r.id DESC, r.currency`,
    values,
  );
  // The postings in page order; the one past `limit` only says there is a next page.
  const postings = [...new Set(rows.map((row) => String(row.id)))];
  const shown = new Set(postings.slice(0, query.limit));
  const page = rows.filter((row) => shown.has(String(row.id)));
  // Checked on the way out too: what the page shows is what the schema says.
  const data = page.map((row) => {
    const decimals = Number(row.decimals);
    const minor = (value: unknown) => formatMinor(BigInt(String(value)), decimals);
    const change = (kind: (typeof kinds)[number]) => BigInt(String(row[`kind_${kind}`] ?? '0'));
    const balances = {
      available: minor(change('available')),
      withdrawOnly: minor(change('withdraw_only')),
      held: minor(change('held')),
      stake: minor(change('stake')),
      bonus: minor(change('bonus')),
      receivable: minor(change('receivable')),
    };
    const base = {
      id: row.id,
      balances,
      subtype: row.subtype ?? null,
      roundId: row.round_id ?? null,
      currency: row.currency,
      network: row.network ?? null,
      txHash: row.tx_hash ?? null,
      explorerUrl: explorerTxUrl(row.network as string | null, row.tx_hash as string | null),
      createdAt: new Date(String(row.created_at)).toISOString(),
    };
    if (row.withdrawal_id) {
      const amount = BigInt(String(row.withdrawal_amount));
      const fee = BigInt(String(row.withdrawal_fee));
      const status = String(row.withdrawal_status);
      return walletTransactionSchema.parse({
        ...base,
        type: 'withdrawal',
        amount: formatMinor(-amount, decimals),
        fee: formatMinor(fee, decimals),
        held: formatMinor(HOLDING.has(status) ? amount + fee : BigInt(0), decimals),
        status,
      });
    }
    return walletTransactionSchema.parse({
      ...base,
      type: row.type,
      amount: minor(change('available') + change('withdraw_only')),
      fee: null,
      held: minor(change('held')),
      status: 'completed',
    });
  });
  const last = page.at(-1);
  return {
    data,
    nextCursor:
      postings.length > query.limit && last
        ? encodeCursor({ time: String(last.exact), id: String(last.id) })
        : null,
  };
}
