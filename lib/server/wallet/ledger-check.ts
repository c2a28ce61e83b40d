import 'server-only';
import { getDbHandle } from '@/lib/server/db';

/** One broken invariant, said so an operator can find the rows. */
export type Violation = { rule: string; detail: string };

/** Each rule is a query that lists what breaks it; an empty result everywhere is a sound ledger. */
const rules: { rule: string; query: string }[] = [
  {
    rule: 'every transaction sums to zero in each currency',
    query: `SELECT transaction_id || ' ' || currency || ' ' || sum(amount) AS detail
      FROM ledger_entries GROUP BY transaction_id, currency HAVING sum(amount) <> 0`,
  },
  {
    rule: "every account's balance is the sum of its entries",
    query: `SELECT a.id || ' balance ' || a.balance || ' entries ' || coalesce(sum(e.amount), 0) AS detail
      FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
      GROUP BY a.id, a.balance HAVING a.balance <> coalesce(sum(e.amount), 0)`,
  },
  {
    rule: 'no player account is below zero but a receivable, and no receivable above it',
    query: `SELECT id || ' ' || kind || ' ' || balance AS detail FROM ledger_accounts
      WHERE house IS NULL AND ((kind <> 'receivable' AND balance < 0)
        OR (kind = 'receivable' AND balance > 0))`,
  },
  {
    rule: "every entry is in its account's currency",
    query: `SELECT e.id AS detail FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
      WHERE e.currency <> a.currency`,
  },
  {
    // An empty posting (lines decided under the lock that came to nothing) is marked as one.
    rule: 'every transaction has entries, or is marked empty and has none',
    query: `SELECT t.id AS detail FROM ledger_transactions t
      WHERE EXISTS (SELECT 1 FROM ledger_entries e WHERE e.transaction_id = t.id)
        = EXISTS (SELECT 1 FROM ledger_empty_postings p WHERE p.transaction_id = t.id)`,
  },
  {
    // The player's balances and history join the list: money outside it is invisible to them.
    rule: 'every account is in a currency of the Cryptos list',
    query: `SELECT a.id || ' ' || a.currency AS detail FROM ledger_accounts a
      WHERE NOT EXISTS (SELECT 1 FROM cryptos c WHERE c.symbol = a.currency)`,
  },
  {
    // A stake is held only while its round is open (a Mines game): none left behind, none missing.
    // A casino round holds none: the aggregator's wallet moves a stake to the house at once.
    rule: "every player's stake balance is what their open rounds staked",
    query: `SELECT coalesce(a.user_id, r.user_id) || ' ' || coalesce(a.currency, r.currency)
        || ' stake ' || coalesce(a.balance, 0) || ' open rounds ' || coalesce(r.open, 0) AS detail
      FROM (SELECT user_id, currency, balance FROM ledger_accounts WHERE kind = 'stake') a
      FULL JOIN (SELECT user_id, currency, sum(stake) AS open FROM game_rounds
          WHERE state = 'open' AND product <> 'casino' GROUP BY user_id, currency) r
        ON r.user_id = a.user_id AND r.currency = a.currency
      WHERE coalesce(a.balance, 0) <> coalesce(r.open, 0)`,
  },
  {
    // The seamless wallet: the casino house account is what its rounds took, less what they paid
    // and gave back — in every currency, its slots summed.
    rule: 'the casino house account is what casino rounds took less what they paid and returned',
    query: `SELECT coalesce(h.currency, r.currency) || ' house ' || coalesce(h.held, 0)
        || ' rounds ' || coalesce(r.net, 0) AS detail
      FROM (SELECT currency, sum(balance) AS held FROM ledger_accounts
          WHERE house = 'casino' GROUP BY currency) h
      FULL JOIN (SELECT currency, sum(bets - wins - rolled_back) AS net FROM casino_rounds
          GROUP BY currency) r ON r.currency = h.currency
      WHERE coalesce(h.held, 0) <> coalesce(r.net, 0)`,
  },
  {
    // A house account's slots (review B8) are rows of one account: named after it, its currency.
    rule: 'every house slot is named after its house account',
    query: `SELECT id || ' ' || owner AS detail FROM ledger_accounts
      WHERE house IS NOT NULL AND owner !~ ('^house:' || house || '(/[0-9]+)?$')`,
  },
  {
    // The database's own guards: the owner role can drop or disable them, and nothing else tells.
    rule: "the ledger's and the operator audit's append-only guards are in place and enabled",
    query: `SELECT expected.name AS detail FROM (VALUES
        ('ledger_entries_append_only'), ('ledger_transactions_append_only'),
        ('ledger_entries_no_truncate'), ('ledger_transactions_no_truncate'),
        ('ledger_accounts_no_truncate'), ('ledger_empty_postings_append_only'),
        ('ledger_empty_postings_no_truncate'), ('operator_audit_append_only'),
        ('operator_audit_no_truncate')) AS expected(name)
      WHERE NOT EXISTS (
        SELECT 1 FROM pg_trigger t WHERE t.tgname = expected.name AND t.tgenabled <> 'D')`,
  },
];

/** Checks every ledger invariant over the whole database (`npm run ledger:check`). */
export async function checkLedger(): Promise<Violation[]> {
  const { sql: query } = await getDbHandle();
  const violations: Violation[] = [];
  for (const { rule, query: statement } of rules) {
    const { rows } = await query(statement);
    for (const row of rows) violations.push({ rule, detail: String(row.detail) });
  }
  return violations;
}
