import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { getDb, getDbHandle, type Db } from '@/lib/server/db';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  type BalanceKind,
  type HouseAccount,
  type LedgerType,
} from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { guardBet, routeDeposit } from '@/lib/server/protection/guard';
import { announceBalances } from './balance-events';

/** Whose money: a player's (available or held) or one of the house's accounts. */
export type AccountRef =
  | { userId: string; currency: string; kind?: BalanceKind }
  | { house: HouseAccount; currency: string };

/** One side of a movement: a signed amount at the currency's ledger precision. */
export type Line = { account: AccountRef; amount: bigint };

export type Posting = {
  type: LedgerType;
  /** Idempotency: the caller and operation (`deposit:evm`, `withdrawal:<userId>` …) and its key. */
  scope: string;
  key: string;
  /** The player the posting concerns, for their transaction history. */
  userId?: string;
  lines: Line[];
  meta?: Record<string, unknown>;
};

export type Posted = {
  transactionId: string;
  replayed: boolean;
  /** A deposit credited to the withdraw-only balance (a break, or past a deposit limit). */
  withdrawOnly?: boolean;
};

/** The database transaction a posting runs in, for writes that must commit or fail with it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type PostOptions = {
  /** Runs inside the posting's transaction once the entries are in (an operator's audit row). */
  inTransaction?: (tx: Tx, transactionId: string) => Promise<void>;
};

type Resolved = {
  owner: string;
  userId: string | null;
  house: HouseAccount | null;
  currency: string;
  kind: BalanceKind;
};

function resolve(ref: AccountRef): Resolved {
  if ('house' in ref) {
    return {
      owner: `house:${ref.house}`,
      userId: null,
      house: ref.house,
      currency: ref.currency,
      kind: 'available',
    };
  }
  const kind = ref.kind ?? 'available';
  return {
    owner: `player:${ref.userId}`,
    userId: ref.userId,
    house: null,
    currency: ref.currency,
    kind,
  };
}

const accountKey = (a: { owner: string; currency: string; kind: string }) =>
  `${a.owner}|${a.currency}|${a.kind}`;

/**
 * Code-point order, the same on every server: `localeCompare` follows the ICU collation, which two
 * servers with different ICU data could disagree on (and then insert new accounts in opposite
 * orders).
 */
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A posting's meta as stored and hashed: a bigint (an amount in minor units) becomes its decimal
 * string, where JSON would throw. Meta belongs to the request — what was asked, never when or by
 * which connection — since it is part of what a retry must repeat.
 */
function storedMeta(meta: Record<string, unknown> | undefined): Record<string, unknown> | null {
  if (!meta) return null;
  return JSON.parse(
    JSON.stringify(meta, (_, value: unknown) =>
      typeof value === 'bigint' ? value.toString() : value,
    ),
  ) as Record<string, unknown>;
}

/** What makes two requests under one key "the same": the movement itself, not when it was asked. */
function requestHash(posting: Posting): string {
  const lines = posting.lines.map((l) => [accountKey(resolve(l.account)), l.amount.toString()]);
  return createHash('sha256')
    .update(JSON.stringify([posting.type, posting.userId ?? null, lines, storedMeta(posting.meta)]))
    .digest('hex');
}

/** The currencies of the Cryptos list, read once and again when a posting names one not in it. */
let knownCurrencies: Set<string> | null = null;

/**
 * Every line's currency is one of the Cryptos list's: balances and the history join that list, so
 * money in a currency outside it (`usdt`, a typo) would be real and invisible to the player.
 */
async function assertKnownCurrencies(lines: Line[]): Promise<void> {
  const named = new Set(lines.map((line) => line.account.currency));
  const missing = () => [...named].filter((c) => !knownCurrencies?.has(c));
  if (missing().length === 0) return;
  const { sql } = await getDbHandle();
  const { rows } = await sql('SELECT symbol FROM cryptos');
  knownCurrencies = new Set(rows.map((row) => String(row.symbol)));
  const unknown = missing();
  if (unknown.length > 0)
    throw new Error(`a posting names unknown currencies: ${unknown.join(', ')}`);
}

/** A posting that cannot be right whatever the balances: a bug in the caller, not a client mistake. */
function assertBalanced(lines: Line[]): void {
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
 * The one function that moves money. In one database transaction: the idempotency row is claimed
 * (a used key answers its first posting, or 422 for another request), the accounts are created if
 * new and locked in a fixed order, every player account must stay at or above zero (else
 * INSUFFICIENT_FUNDS and nothing is written), the entries are appended and the cached balances
 * moved by the same amounts. Two requests under one key wait on each other at the unique key, so
 * only one posts. Player protection lives here too, so no product can step around it: a bet is
 * refused during a break or past a wager or loss limit, and a deposit during a break or past a
 * deposit limit is credited to the withdraw-only balance — both counted under the player's lock.
 */
export async function post(posting: Posting, options: PostOptions = {}): Promise<Posted> {
  assertBalanced(posting.lines);
  await assertKnownCurrencies(posting.lines);
  const hash = requestHash(posting);
  const db = await getDb();
  const posted = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(ledgerTransactions)
      .values({
        type: posting.type,
        scope: posting.scope,
        key: posting.key,
        requestHash: hash,
        userId: posting.userId,
        meta: storedMeta(posting.meta),
      })
      .onConflictDoNothing({ target: [ledgerTransactions.scope, ledgerTransactions.key] })
      .returning({ id: ledgerTransactions.id });
    if (!claimed) {
      const [first] = await tx
        .select({ id: ledgerTransactions.id, requestHash: ledgerTransactions.requestHash })
        .from(ledgerTransactions)
        .where(
          and(eq(ledgerTransactions.scope, posting.scope), eq(ledgerTransactions.key, posting.key)),
        );
      if (!first || first.requestHash !== hash) throw new ApiError('IDEMPOTENCY_KEY_REUSED');
      // The first answer again, where the deposit went included (review B10).
      const [routed] = await tx
        .select({ id: ledgerEntries.id })
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .where(
          and(
            eq(ledgerEntries.transactionId, first.id),
            eq(ledgerAccounts.kind, 'withdraw_only'),
            gt(ledgerEntries.amount, BigInt(0)),
          ),
        )
        .limit(1);
      return { transactionId: first.id, replayed: true, withdrawOnly: routed !== undefined };
    }

    let lines = posting.lines;
    let withdrawOnly = false;
    if (posting.userId && posting.type === 'bet') await guardBet(tx, posting.userId, lines);
    if (posting.userId && posting.type === 'deposit') {
      ({ lines, withdrawOnly } = await routeDeposit(tx, posting.userId, lines));
    }

    // Net movement per account (a posting may touch one account twice).
    const deltas = new Map<string, { account: Resolved; delta: bigint }>();
    for (const line of lines) {
      const account = resolve(line.account);
      const key = accountKey(account);
      const entry = deltas.get(key) ?? { account, delta: BigInt(0) };
      entry.delta += line.amount;
      deltas.set(key, entry);
    }
    // Created in one order too: two new-account postings inserting in opposite orders could deadlock.
    const wanted = [...deltas.values()]
      .map((d) => d.account)
      .sort((a, b) => byCodePoint(accountKey(a), accountKey(b)));
    await tx
      .insert(ledgerAccounts)
      .values(wanted)
      .onConflictDoNothing({
        target: [ledgerAccounts.owner, ledgerAccounts.currency, ledgerAccounts.kind],
      });
    // Locked in id order, so two postings over the same accounts cannot deadlock.
    const locked = await tx
      .select()
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.owner, [...new Set(wanted.map((a) => a.owner))]))
      .orderBy(ledgerAccounts.id)
      .for('update');
    const byKey = new Map(locked.map((a) => [accountKey(a), a]));

    for (const { account, delta } of deltas.values()) {
      const row = byKey.get(accountKey(account))!;
      if (row.house === null && row.balance + delta < BigInt(0)) {
        throw new ApiError('INSUFFICIENT_FUNDS');
      }
    }
    await tx.insert(ledgerEntries).values(
      lines.map((line) => {
        const row = byKey.get(accountKey(resolve(line.account)))!;
        return {
          transactionId: claimed.id,
          accountId: row.id,
          currency: row.currency,
          amount: line.amount,
        };
      }),
    );
    for (const { account, delta } of deltas.values()) {
      if (delta === BigInt(0)) continue;
      const row = byKey.get(accountKey(account))!;
      await tx
        .update(ledgerAccounts)
        .set({ balance: sql`${ledgerAccounts.balance} + ${delta.toString()}::numeric` })
        .where(eq(ledgerAccounts.id, row.id));
    }
    await options.inTransaction?.(tx, claimed.id);
    return { transactionId: claimed.id, replayed: false, withdrawOnly };
  });
  if (!posted.replayed) {
    const players = posting.lines.flatMap((l) => ('userId' in l.account ? [l.account.userId] : []));
    const currencies = posting.lines.map((l) => l.account.currency);
    await announceBalances([...new Set(players)], [...new Set(currencies)]);
  }
  return posted;
}
