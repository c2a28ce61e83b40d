import 'server-only';
import { and, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import { config } from '@/lib/config';
import { getDb, getDbHandle, type Db } from '@/lib/server/db';
import {
  ledgerAccounts,
  ledgerEmptyPostings,
  ledgerEntries,
  ledgerTransactions,
  type BalanceKind,
  type HouseAccount,
  type LedgerType,
} from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { countUsage } from '@/lib/server/protection/counters';
import { guardStake, routeDeposit, type LockedPlayer } from '@/lib/server/protection/guard';
import type { Rates } from '@/lib/schemas/rates';
import { currentRates } from './rates';
import { announceBalances, type BalanceSnapshot } from './balance-events';
import {
  accountKey,
  byCodePoint,
  houseSlot,
  playerKey,
  resolve,
  type Resolved,
} from './ledger-accounts';
import { assertNotInPosting, withRetries } from './ledger-retry';
import { logger } from '@/lib/logger';
import { deliverSoon } from '@/lib/server/wallet/events/deliver';
import { isStake, usageOf, type UsageDelta } from './ledger-stakes';
import { assertBalanced, assertPlayers, repayFirst, requestHash, storedMeta } from './ledger-lines';
import { receivableSignal } from '@/lib/server/risk/signals';

/** Whose money: one of a player's balances, or one of the house's accounts. */
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
  /** The player whose money moves: required when any line is a player's, and the only one. */
  userId?: string;
  /**
   * The movement. With `linesUnderLock`, the accounts to lock — their amounts are placeholders,
   * replaced by what the callback returns.
   */
  lines: Line[];
  /** What was asked (a bet's parameters, a network): part of the request a retry must repeat. */
  meta?: Record<string, unknown>;
};

/** A player's balance after a posting, worked out under its lock. */
export type PlayerBalance = {
  account: { userId: string; currency: string; kind: BalanceKind };
  balance: bigint;
};

export type Posted = {
  transactionId: string;
  replayed: boolean;
  /** A deposit credited to the withdraw-only balance (a break, or past a deposit limit). */
  withdrawOnly?: boolean;
  /** The lines decided under the lock came to nothing: the key is kept, no money moved. */
  empty?: boolean;
  /**
   * Every balance of the posting's player in the posting's currencies after it, read under the
   * lock (none for a replay, which moved nothing).
   */
  balances: PlayerBalance[];
};

/** The database transaction a posting runs in, for writes that must commit or fail with it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The players' balances as locked, before the posting: 0 for an account not opened yet. */
export type Balances = {
  of(account: { userId: string; currency: string; kind?: BalanceKind }): bigint;
};

export type PostOptions = {
  /**
   * Decides the posting's lines once its player's accounts are locked (a bonus balance released
   * in full, a stake split between real and bonus money, an outcome drawn from a nonce counted in
   * this transaction). An empty list posts nothing but keeps the key.
   */
  linesUnderLock?: (tx: Tx, balances: Balances) => Promise<Line[]>;
  /**
   * Runs inside the posting's transaction once the entries are in (an operator's audit row, a
   * domain event), with what the posting did; throwing undoes the whole posting.
   */
  inTransaction?: (tx: Tx, transactionId: string, posted: Posted) => Promise<void>;
  /** As for `postMany`, with the posting's player balances as they will be after it. */
  alongside?: (balances: PlayerBalance[]) => Alongside | null;
};

/**
 * A product's own rows, written in the statement that writes the entries (a round trip fewer on
 * every bet): named statements joined to its WITH, and one value it selects for `check`, which
 * undoes the whole posting by throwing.
 */
export type Alongside = {
  parts: SQL[];
  value: SQL;
  check: (value: unknown) => void;
};

export type PostManyOptions = {
  /** As for `post`, once for all: one list of lines per posting, in order. */
  linesUnderLock?: (tx: Tx, balances: Balances) => Promise<Line[][]>;
  /**
   * Asked after protection and the balance check (decided by `linesUnderLock`, as a rule), with
   * each posting's player balances as they will be after it (what a product records as its answer).
   */
  alongside?: (balances: PlayerBalance[][]) => Alongside | null;
  inTransaction?: (tx: Tx, transactionIds: string[], posted: Posted[]) => Promise<void>;
  /**
   * Every house line of the batch on this slot, whoever its players: a batch of many players'
   * postings then updates one house row, in its entries statement, rather than each player's
   * slot in a statement of its own.
   */
  houseSlot?: number;
  /**
   * How long the posting waits for a row lock (POST_LOCK_TIMEOUT_MS), and how many times in all
   * it is tried when it loses one (4): a batch of many players' calls gives up soon, once, so
   * one stuck player never holds the others' calls.
   */
  lockTimeoutMs?: number;
  attempts?: number;
};

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
  const { sql: query } = await getDbHandle();
  const { rows } = await query('SELECT symbol FROM cryptos');
  knownCurrencies = new Set(rows.map((row) => String(row.symbol)));
  const unknown = missing();
  if (unknown.length > 0)
    throw new Error(`a posting names unknown currencies: ${unknown.join(', ')}`);
}

type Account = typeof ledgerAccounts.$inferSelect;
type Claim = { id: string };
/** The locking statement's rows, as JSON gives them (timestamps and amounts as text). */
type LockedRow = {
  id: string;
  restriction: LockedPlayer['restriction'];
  restricted_until: string | null;
  has_limits: boolean;
};
type AccountRow = Omit<Account, 'userId' | 'balance' | 'createdAt'> & {
  user_id: string | null;
  balance: string;
  created_at: string;
};

/** The first answers of postings whose keys were all used before (or 422 when any differs). */
async function replays(tx: Tx, postings: Posting[], hashes: string[]): Promise<Posted[]> {
  const out: Posted[] = [];
  for (const [i, posting] of postings.entries()) {
    const [first] = await tx
      .select({ id: ledgerTransactions.id, requestHash: ledgerTransactions.requestHash })
      .from(ledgerTransactions)
      .where(
        and(eq(ledgerTransactions.scope, posting.scope), eq(ledgerTransactions.key, posting.key)),
      );
    if (!first || first.requestHash !== hashes[i]) throw new ApiError('IDEMPOTENCY_KEY_REUSED');
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
    const [empty] = await tx
      .select({ id: ledgerEmptyPostings.transactionId })
      .from(ledgerEmptyPostings)
      .where(eq(ledgerEmptyPostings.transactionId, first.id));
    out.push({
      transactionId: first.id,
      replayed: true,
      withdrawOnly: routed !== undefined,
      ...(empty ? { empty: true } : {}),
      balances: [],
    });
  }
  return out;
}

/** Opens the accounts not there yet, in one order on every server, and answers every one asked. */
async function openAccounts(tx: Tx, wanted: Resolved[], known: Map<string, Account>) {
  const missing = wanted
    .filter((a) => !known.has(accountKey(a)))
    .sort((a, b) => byCodePoint(accountKey(a), accountKey(b)));
  if (!missing.length) return;
  const unique = [...new Map(missing.map((a) => [accountKey(a), a])).values()];
  await tx
    .insert(ledgerAccounts)
    .values(unique)
    .onConflictDoNothing({
      target: [ledgerAccounts.owner, ledgerAccounts.currency, ledgerAccounts.kind],
    });
  const rows = await tx
    .select()
    .from(ledgerAccounts)
    .where(
      or(
        ...unique.map((a) =>
          and(
            eq(ledgerAccounts.owner, a.owner),
            eq(ledgerAccounts.currency, a.currency),
            eq(ledgerAccounts.kind, a.kind),
          ),
        ),
      ),
    );
  for (const row of rows) known.set(accountKey(row), row);
}

/**
 * Several postings in one database transaction — a stake and its payout, a withdrawal and a bonus
 * forfeit — each with its own type, key and hash; idempotent all or nothing (every key new, or
 * every key answering its first posting; a mix is a 422). In order: every key claimed (sorted);
 * the players' rows locked (id order); their accounts in the postings' currencies locked in one
 * ordered statement; `linesUnderLock` once; protection (a break, the limits; a deposit past a limit
 * goes to withdraw-only; deposits and returns repay a receivable first); no player balance below
 * zero but a receivable, after each posting in order (else INSUFFICIENT_FUNDS and nothing is
 * written); the entries; the
 * balances — a house account's slot row is updated, never locked for the whole posting; the
 * player's hourly usage counters; the hook. A lost lock wait, deadlock or serialization check is
 * run again (then 503 BUSY); rates are read before the transaction opens.
 */
export async function postMany(
  postings: Posting[],
  options: PostManyOptions = {},
): Promise<Posted[]> {
  assertNotInPosting();
  if (!postings.length) throw new Error('postMany needs at least one posting');
  const computed = Boolean(options.linesUnderLock);
  const keys = new Set(postings.map((p) => `${p.scope}\u0000${p.key}`));
  if (keys.size !== postings.length) throw new Error('two postings of one batch share a key');
  for (const posting of postings) {
    if (computed) {
      if (!posting.lines.length) throw new Error('a posting names no account');
    } else {
      assertBalanced(posting.lines);
    }
    assertPlayers(posting, posting.lines);
    await assertKnownCurrencies(posting.lines);
  }
  const hashes = postings.map((p) => requestHash(p, computed));
  // A price fetch may take seconds: never while the posting holds its locks (review B7).
  const needsRates = postings.some((p) => p.type === 'bet' || p.type === 'deposit');
  const rates = needsRates ? await currentRates() : null;
  const db = await getDb();
  const seenHouses: Account[] = [];
  const { result: posted, emitted } = await withRetries(() => {
    seenHouses.length = 0;
    return db.transaction((tx) =>
      postInTransaction(tx, postings, hashes, rates, options, seenHouses),
    );
  }, options.attempts);
  const houses = await houseRows();
  for (const row of seenHouses) houses.set(accountKey(row), row);
  if (posted.some((p) => !p.replayed)) await announceBalances(snapshots(posted));
  if (emitted) {
    // The events are in the database whatever happens here; the next pass would find them.
    await deliverSoon().catch((err: unknown) => logger.warn({ err }, 'event delivery not started'));
  }
  return posted;
}

/** One door for one posting: `postMany` with a single posting. */
export async function post(posting: Posting, options: PostOptions = {}): Promise<Posted> {
  const { linesUnderLock, inTransaction, alongside } = options;
  const [posted] = await postMany([posting], {
    linesUnderLock:
      linesUnderLock && (async (tx, balances) => [await linesUnderLock(tx, balances)]),
    inTransaction: inTransaction && ((tx, [id], [done]) => inTransaction(tx, id!, done!)),
    alongside: alongside && (([balances]) => alongside(balances!)),
  });
  return posted!;
}

async function postInTransaction(
  tx: Tx,
  postings: Posting[],
  hashes: string[],
  rates: Rates | null,
  options: PostManyOptions,
  seenHouses: Account[],
): Promise<Posted[]> {
  // 1–3 in one round trip, each step reading the one before so they run in this order: every key
  // claimed, in one order (two batches claiming the same keys cannot wait on each other), with the
  // transaction's lock timeout set first (SET LOCAL: a claim waits on a key another transaction is
  // posting under, and a stuck one must not hold it); then, only when every key was new, the
  // players' rows in id order (every posting of a player waits for the one before it, and a hook
  // may then update that player's row without inverting the order, review B4); then their accounts
  // in the postings' currencies, in id order. Numbers travel as text (JSON would round them).
  const order = postings
    .map((p, i) => ({ i, key: `${p.scope}\u0000${p.key}` }))
    .sort((a, b) => byCodePoint(a.key, b.key));
  const players = [...new Set(postings.flatMap((p) => (p.userId ? [p.userId] : [])))].sort(
    byCodePoint,
  );
  // An account not opened yet is opened only if the final lines move it — still under the
  // player's row lock, so no other posting of the player can race the insert.
  const named = postings.flatMap((p) => p.lines.map((l) => resolve(l.account)));
  const currencies = [...new Set(named.map((a) => a.currency))].sort(byCodePoint);
  const claimed = sql.join(
    order.map(({ i }, n) => {
      const posting = postings[i]!;
      const meta = storedMeta(posting.meta);
      return sql`(${n}::int, ${posting.type}, ${posting.scope}, ${posting.key}, ${hashes[i]!},
        ${posting.userId ?? null}::uuid, ${meta === null ? null : JSON.stringify(meta)}::jsonb)`;
    }),
    sql`, `,
  );
  const inList = (values: string[]) =>
    sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
  const timeout = `${options.lockTimeoutMs ?? config.POST_LOCK_TIMEOUT_MS}ms`;
  const locks = players.length
    ? sql`,
      locked_players AS (
        SELECT u.id, u.restriction, u.restricted_until,
          exists (SELECT 1 FROM player_limits l WHERE l.user_id = u.id) AS has_limits
        FROM users u
        WHERE u.id IN (${inList(players)}) AND (SELECT count(*) FROM claimed) = ${postings.length}
        ORDER BY u.id FOR NO KEY UPDATE),
      locked_accounts AS (
        SELECT a.id, a.owner, a.user_id, a.house, a.currency, a.kind, a.balance::text AS balance,
          a.created_at
        FROM ledger_accounts a
        WHERE a.owner IN (${inList(players.map((p) => `player:${p}`))})
          AND a.currency IN (${inList(currencies)})
          AND (SELECT count(*) FROM locked_players) > 0
        ORDER BY a.id FOR UPDATE)`
    : sql``;
  const { rows } = (await tx.execute(sql`
    WITH claimed AS (
      INSERT INTO ledger_transactions (type, scope, key, request_hash, user_id, meta)
      SELECT v.type, v.scope, v.key, v.hash, v.user_id, v.meta
      FROM (VALUES ${claimed}) AS v(n, type, scope, key, hash, user_id, meta)
        CROSS JOIN (SELECT set_config('lock_timeout', ${timeout}, true)) AS timeout
      ORDER BY v.n
      ON CONFLICT (scope, key) DO NOTHING RETURNING id, scope, key)${locks}
    SELECT (SELECT json_agg(c) FROM claimed c) AS claims
      ${players.length ? sql`, (SELECT json_agg(p) FROM locked_players p) AS players, (SELECT json_agg(a) FROM locked_accounts a) AS accounts` : sql``}`)) as {
    rows: Array<{
      claims: Array<{ id: string; scope: string; key: string }> | null;
      players?: LockedRow[] | null;
      accounts?: AccountRow[] | null;
    }>;
  };
  const [found] = rows;
  const byKey = new Map((found?.claims ?? []).map((c) => [`${c.scope}\u0000${c.key}`, c.id]));
  const claims: Array<Claim | null> = postings.map((p) => {
    const id = byKey.get(`${p.scope}\u0000${p.key}`);
    return id ? { id } : null;
  });
  if (claims.every((c) => c === null)) return replays(tx, postings, hashes);
  if (claims.some((c) => c === null)) throw new ApiError('IDEMPOTENCY_KEY_REUSED');

  const lockedPlayers = new Map<string, LockedPlayer>();
  for (const row of found?.players ?? []) {
    lockedPlayers.set(row.id, {
      restriction: row.restriction,
      restrictedUntil: row.restricted_until === null ? null : new Date(row.restricted_until),
      hasLimits: row.has_limits,
    });
  }
  const accounts = new Map<string, Account>();
  for (const row of found?.accounts ?? []) {
    const account: Account = {
      id: row.id,
      owner: row.owner,
      userId: row.user_id,
      house: row.house,
      currency: row.currency,
      kind: row.kind,
      balance: BigInt(row.balance),
      createdAt: new Date(row.created_at),
    };
    accounts.set(accountKey(account), account);
  }
  const lockedCurrency = new Set(players.flatMap((p) => currencies.map((c) => `${p}|${c}`)));
  const balances: Balances = {
    of: ({ userId, currency, kind }) => {
      if (!lockedCurrency.has(`${userId}|${currency}`)) {
        throw new Error(`the balance of ${userId} in ${currency} is not locked by this posting`);
      }
      return accounts.get(playerKey(userId, currency, kind))?.balance ?? BigInt(0);
    },
  };

  // 4. The lines, decided now when the caller asked to.
  let lines = postings.map((p) => p.lines);
  if (options.linesUnderLock) {
    lines = await options.linesUnderLock(tx, balances);
    if (lines.length !== postings.length) {
      throw new Error('linesUnderLock must answer one list of lines per posting');
    }
    for (const [i, list] of lines.entries()) {
      if (!list.length) continue;
      assertBalanced(list);
      assertPlayers(postings[i]!, list);
      // Its player is the posting's (assertPlayers): a currency named is a currency locked.
      if (list.some((line) => !currencies.includes(line.account.currency))) {
        throw new Error('a line decided under the lock names a currency its posting did not');
      }
    }
  }

  // 5. Protection, and where deposits go; what each posting adds to its player's balances.
  const moved = new Map<string, bigint>();
  const owed = (userId: string, currency: string) =>
    (accounts.get(playerKey(userId, currency, 'receivable'))?.balance ?? BigInt(0)) +
    (moved.get(playerKey(userId, currency, 'receivable')) ?? BigInt(0));
  const routedToWithdrawOnly: boolean[] = [];
  for (const [i, posting] of postings.entries()) {
    let list = lines[i]!;
    const userId = posting.userId;
    let withdrawOnly = false;
    if (list.length && userId) {
      const player = lockedPlayers.get(userId);
      if (posting.type === 'bet' && isStake(list)) {
        await guardStake(tx, userId, player, list, rates!);
      }
      if (posting.type === 'deposit') {
        ({ lines: list, withdrawOnly } = await routeDeposit(tx, userId, player, list, rates!));
      }
      list = repayFirst(posting.type, list, owed, (u, c, amount) => {
        const key = playerKey(u, c, 'receivable');
        moved.set(key, (moved.get(key) ?? BigInt(0)) + amount);
      });
    }
    lines[i] = list;
    routedToWithdrawOnly.push(withdrawOnly);
  }

  // 6. Net movement per account (a batch may touch one account many times); new accounts opened.
  type Move = { account: Resolved; delta: bigint };
  const moves = new Map<string, Move>();
  const resolvedLines = lines.map((list, i) =>
    list.map((line) => {
      const account = resolve(line.account, options.houseSlot ?? houseSlot(postings[i]!.userId));
      const key = accountKey(account);
      const move = moves.get(key) ?? { account, delta: BigInt(0) };
      move.delta += line.amount;
      moves.set(key, move);
      return { key, amount: line.amount };
    }),
  );
  // House rows are never deleted: once seen, their ids are known for good (per database).
  const houses = await houseRows();
  for (const { account } of moves.values()) {
    const known = account.house !== null && houses.get(accountKey(account));
    if (known) accounts.set(accountKey(account), known);
  }
  await openAccounts(
    tx,
    [...moves.values()].map((m) => m.account),
    accounts,
  );
  // Remembered once the transaction commits (a row opened by one that rolls back never existed).
  for (const row of accounts.values()) if (row.house !== null) seenHouses.push(row);

  // Covered posting by posting, in order, not only at the end: a stake must be covered before its
  // payout (a later posting of the batch) is counted, or a player could stake what they would win.
  const running = new Map<string, bigint>();
  for (const list of resolvedLines) {
    for (const { key, amount } of list) running.set(key, (running.get(key) ?? BigInt(0)) + amount);
    for (const { key } of list) {
      const row = accounts.get(key)!;
      if (row.house !== null || row.kind === 'receivable') continue;
      if (row.balance + running.get(key)! < BigInt(0)) throw new ApiError('INSUFFICIENT_FUNDS');
    }
  }
  for (const { account, delta } of moves.values()) {
    const row = accounts.get(accountKey(account))!;
    if (row.house !== null) continue;
    // What a player owes is repaid down to zero, never past it (that would be money from nowhere).
    if (row.kind === 'receivable' && row.balance + delta > BigInt(0)) {
      throw new Error('a receivable cannot go above zero');
    }
  }

  // 7. The writes, in one round trip: the entries, the players' balances, their hourly usage
  // counters, the keys of postings that came to nothing, and the house slot when there is one
  // (several are updated after, in id order).
  const entries = resolvedLines.flatMap((list, i) =>
    list.map(({ key, amount }) => {
      const row = accounts.get(key)!;
      return sql`(${claims[i]!.id}::uuid, ${row.id}::uuid, ${row.currency}, ${amount.toString()}::numeric)`;
    }),
  );
  const changed = [...moves.values()]
    .filter((m) => m.delta !== BigInt(0))
    .map((m) => ({ row: accounts.get(accountKey(m.account))!, delta: m.delta }));
  const playerRows = changed.filter((c) => c.row.house === null);
  const houseRowsChanged = changed
    .filter((c) => c.row.house !== null)
    .sort((a, b) => byCodePoint(a.row.id, b.row.id));
  const balanceValues = (list: typeof changed) =>
    sql.join(
      list.map((c) => sql`(${c.row.id}::uuid, ${c.delta.toString()}::numeric)`),
      sql`, `,
    );
  const emptied = claims.flatMap((c, i) => (lines[i]!.length ? [] : [c!.id]));
  const parts = [
    ...(entries.length
      ? [
          sql`entries AS (INSERT INTO ledger_entries (transaction_id, account_id, currency, amount)
            VALUES ${sql.join(entries, sql`, `)})`,
        ]
      : []),
    ...(playerRows.length
      ? [
          sql`players AS (UPDATE ledger_accounts AS a SET balance = a.balance + v.delta
            FROM (VALUES ${balanceValues(playerRows)}) AS v(id, delta) WHERE a.id = v.id)`,
        ]
      : []),
    ...(houseRowsChanged.length === 1
      ? [
          sql`house AS (UPDATE ledger_accounts AS a SET balance = a.balance + v.delta
            FROM (VALUES ${balanceValues(houseRowsChanged)}) AS v(id, delta) WHERE a.id = v.id)`,
        ]
      : []),
    ...usageStatements(postings, lines),
    // Postings whose lines came to nothing keep their keys (a losing bet's payout, every round).
    ...(emptied.length
      ? [
          sql`emptied AS (INSERT INTO ledger_empty_postings (transaction_id)
            VALUES ${sql.join(
              emptied.map((id) => sql`(${id}::uuid)`),
              sql`, `,
            )})`,
        ]
      : []),
  ];
  // Every balance of each posting's player in its currencies, as it will be after the writes.
  const after = (row: Account) => row.balance + (moves.get(accountKey(row))?.delta ?? BigInt(0));
  const balancesAfter = postings.map((posting) =>
    posting.userId
      ? [...accounts.values()]
          .filter((row) => row.userId === posting.userId && currencies.includes(row.currency))
          .map((row) => ({
            account: { userId: row.userId!, currency: row.currency, kind: row.kind },
            balance: after(row),
          }))
      : [],
  );
  const extra = options.alongside?.(balancesAfter) ?? null;
  if (extra) parts.push(...extra.parts);
  // Never empty: each posting has entries or is kept as emptied. The version is taken under the
  // players' locks: their postings follow one another, so the moment orders their balance events
  // (review B19).
  const { rows: written } = (await tx.execute(sql`
    WITH ${sql.join(parts, sql`, `)}
    SELECT (extract(epoch from clock_timestamp()) * 1000000)::bigint::text AS version
      ${extra ? sql`, ${extra.value} AS alongside` : sql``}`)) as {
    rows: Array<{ version: string; alongside?: unknown }>;
  };
  // A SELECT with no FROM: always exactly one row.
  const version = written[0]!.version;
  extra?.check(written[0]!.alongside);
  // Several house slots: one at a time, in one order, so two postings cannot take them crosswise.
  if (houseRowsChanged.length > 1) {
    for (const { row, delta } of houseRowsChanged) {
      await tx
        .update(ledgerAccounts)
        .set({ balance: sql`${ledgerAccounts.balance} + ${delta.toString()}::numeric` })
        .where(eq(ledgerAccounts.id, row.id));
    }
  }

  const outcomes = postings.map((_, i) => ({
    transactionId: claims[i]!.id,
    replayed: false,
    withdrawOnly: routedToWithdrawOnly[i],
    ...(lines[i]!.length ? {} : { empty: true }),
    balances: balancesAfter[i]!,
    version,
  }));
  const movedBy = (a: PlayerBalance['account']) =>
    moves.get(playerKey(a.userId, a.currency, a.kind))?.delta ?? BigInt(0);
  for (const outcome of outcomes) {
    await receivableSignal(tx, outcome.transactionId, outcome.balances, movedBy);
  }
  await options.inTransaction?.(
    tx,
    claims.map((c) => c!.id),
    outcomes,
  );
  return outcomes;
}

/** What the postings add to their players' hourly counters, as statements of the write. */
function usageStatements(postings: Posting[], lines: Line[][]) {
  const usage = new Map<string, Map<string, UsageDelta>>();
  for (const [i, posting] of postings.entries()) {
    if (!posting.userId || !lines[i]!.length) continue;
    const mine = usage.get(posting.userId) ?? new Map<string, UsageDelta>();
    for (const [currency, d] of usageOf(posting.type, posting.userId, lines[i]!)) {
      const sum = mine.get(currency);
      mine.set(
        currency,
        sum
          ? {
              wager: sum.wager + d.wager,
              bonusWager: sum.bonusWager + d.bonusWager,
              win: sum.win + d.win,
              deposit: sum.deposit + d.deposit,
              returned: sum.returned + d.returned,
            }
          : d,
      );
    }
    usage.set(posting.userId, mine);
  }
  const statement = countUsage(
    [...usage].flatMap(([userId, deltas]) =>
      [...deltas].map(([c, d]) => ({ userId, currency: c, delta: d })),
    ),
  );
  return statement ? [sql`usage AS (${statement})`] : [];
}

/** House accounts by key, per database handle (a closed and reopened database starts afresh). */
const houseCache = new WeakMap<object, Map<string, Account>>();
async function houseRows(): Promise<Map<string, Account>> {
  const handle = await getDbHandle();
  let rows = houseCache.get(handle);
  if (!rows) {
    rows = new Map();
    houseCache.set(handle, rows);
  }
  return rows;
}

/** What the players' sockets are told: each touched currency's balances, with their version. */
function snapshots(posted: Array<Posted & { version?: string }>): BalanceSnapshot[] {
  const out = new Map<string, BalanceSnapshot>();
  for (const p of posted) {
    if (p.replayed) continue;
    for (const { account, balance } of p.balances) {
      const key = `${account.userId}|${account.currency}`;
      const snapshot = out.get(key) ?? {
        userId: account.userId,
        currency: account.currency,
        version: p.version ?? '0',
        balances: {},
      };
      snapshot.balances[account.kind] = balance;
      out.set(key, snapshot);
    }
  }
  return [...out.values()];
}
