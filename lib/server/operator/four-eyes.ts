import 'server-only';
import { sql } from 'drizzle-orm';
import { config } from '@/lib/config';
import type { OperatorRole } from '@/lib/schemas/operator';
import type { Rates } from '@/lib/schemas/rates';
import type { ApprovalKind } from '@/lib/schemas/risk';
import type { Tx } from '@/lib/server/wallet/ledger';

/** Thrown inside an adjustment's posting: it rolls back, and the request waits for approval. */
export class NeedsApproval extends Error {
  constructor(
    readonly why: 'indicative' | 'threshold' | 'unpriced',
    /** The adjustment's own value in USD (null: its currency has no rate). */
    readonly usd: number | null,
  ) {
    super(`adjustment needs approval (${why})`);
  }
}

/** Who may decide each kind of approval: never its requester, never the automation key. */
export const APPROVER_ROLES: Record<ApprovalKind, OperatorRole[]> = {
  'balance.adjust': ['admin', 'risk'],
  'sportsbook.resettle': ['admin', 'risk'],
};

/** The ledger scope every manual adjustment posts under (one per requester). */
export const ADJUSTMENT_SCOPE = 'operator:adjustment:';

/**
 * One request key at a time, until the transaction ends: the posting that would run a request and
 * the approval that would hold it take this first, so a request is either posted or waiting —
 * never both, however its retries interleave (the rates turning live between two of them).
 */
export async function lockRequest(tx: Tx, requestedBy: string, key: string): Promise<void> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtext(${`${ADJUSTMENT_SCOPE}${requestedBy}:${key}`}))`,
  );
}

/**
 * Whether an adjustment may move money without a second pair of eyes. Run inside its posting,
 * after the posting locked the player's accounts: two adjustments landing at once are counted one
 * after the other, so two halves under the threshold cannot both pass. What counts is every
 * manual adjustment of the player posted in the last 24 h (each one's size, credits and debits
 * alike, at today's rates) plus this one.
 */
export async function assertUnderFourEyes(
  tx: Tx,
  {
    userId,
    transactionId,
    usd,
    rates,
    waiting,
  }: {
    userId: string;
    transactionId: string;
    usd: number | null;
    rates: Rates;
    /** The same request already waits for approval (asked a moment ago): it stays there. */
    waiting: boolean;
  },
): Promise<void> {
  if (rates.source === 'indicative') throw new NeedsApproval('indicative', usd);
  if (waiting) throw new NeedsApproval('threshold', usd);
  if (usd === null) throw new NeedsApproval('unpriced', usd);
  const { rows } = (await tx.execute(sql`
    SELECT e.currency, sum(abs(e.amount))::text AS moved, c.decimals
      FROM ledger_transactions t
      JOIN ledger_entries e ON e.transaction_id = t.id
      JOIN ledger_accounts a ON a.id = e.account_id AND a.user_id = ${userId}
      JOIN cryptos c ON c.symbol = e.currency
     WHERE t.user_id = ${userId}
       AND t.scope LIKE ${`${ADJUSTMENT_SCOPE}%`}
       AND t.created_at > now() - interval '24 hours'
       AND t.id <> ${transactionId}
     GROUP BY e.currency, c.decimals`)) as {
    rows: Array<{ currency: string; moved: string; decimals: number }>;
  };
  let total = usd;
  for (const row of rows) {
    const price = rates.rates[row.currency]?.USD;
    if (price === undefined) throw new NeedsApproval('unpriced', usd);
    total += (Number(row.moved) / 10 ** Number(row.decimals)) * price;
  }
  if (total > config.ADJUSTMENT_FOUR_EYES_USD) throw new NeedsApproval('threshold', usd);
}
