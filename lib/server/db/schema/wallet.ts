import { sql } from 'drizzle-orm';
import { check, index, jsonb, numeric, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { ledgerTypes, withdrawalStatuses } from '@/lib/schemas/wallet';
import { createdAt, id, moment } from './columns';
import { users } from './players';

/* The ledger: every balance change is a transaction of entries that sum to zero per currency. */

/** The house's side of every movement; house accounts may go below zero, players' never. */
export const houseAccounts = [
  'deposits',
  'withdrawals',
  'fees',
  'game',
  'bonus',
  'adjustments',
] as const;
export type HouseAccount = (typeof houseAccounts)[number];

/** A player's money is available, or held (a pending withdrawal, an open bet). */
export const balanceKinds = ['available', 'held'] as const;
export type BalanceKind = (typeof balanceKinds)[number];

export { ledgerTypes };
export type LedgerType = (typeof ledgerTypes)[number];

/** An amount at the currency's ledger precision: numeric(38,0) in the database, bigint in code. */
const amount = (name: string) => numeric(name, { precision: 38, scale: 0, mode: 'bigint' });

/**
 * One account per owner, currency and kind. `owner` is `player:<id>` or `house:<name>`, so one
 * unique key covers both; `balance` is a cache of the sum of the account's entries.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: id(),
    owner: text('owner').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    house: text('house', { enum: houseAccounts }),
    currency: text('currency').notNull(),
    kind: text('kind', { enum: balanceKinds }).notNull(),
    balance: amount('balance')
      .notNull()
      .default(sql`0`),
    createdAt: createdAt(),
  },
  (t) => [
    unique('ledger_accounts_owner_currency_kind').on(t.owner, t.currency, t.kind),
    check('ledger_accounts_one_owner', sql`(${t.userId} IS NULL) <> (${t.house} IS NULL)`),
    check('ledger_accounts_player_non_negative', sql`${t.house} IS NOT NULL OR ${t.balance} >= 0`),
    index('ledger_accounts_user_idx').on(t.userId),
  ],
);

/**
 * A posting. (`scope`, `key`) is the caller's idempotency key: the same key and the same request
 * answer the first posting; `requestHash` tells a different request under a used key.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: id(),
    type: text('type', { enum: ledgerTypes }).notNull(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** The player the posting is about, for their history (none for house-only moves). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    meta: jsonb('meta').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('ledger_transactions_idempotency').on(t.scope, t.key),
    index('ledger_transactions_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Append-only (a trigger refuses UPDATE and DELETE): a correction is a new, reversing posting. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    currency: text('currency').notNull(),
    amount: amount('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_entries_non_zero', sql`${t.amount} <> 0`),
    index('ledger_entries_account_idx').on(t.accountId, t.createdAt),
    index('ledger_entries_transaction_idx').on(t.transactionId),
  ],
);

/** The card book: withdrawal addresses a player saved, per network, with their own labels. */
export const paymentAddresses = pgTable(
  'payment_addresses',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    network: text('network').notNull(),
    currency: text('currency').notNull(),
    address: text('address').notNull(),
    label: text('label').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('payment_addresses_unique').on(t.userId, t.network, t.currency, t.address)],
);

/**
 * A withdrawal: its amount and fee are held from the request on; an operator approves (the payout
 * follows) or rejects it (the hold is released), and the player may cancel while it is pending.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    currency: text('currency').notNull(),
    network: text('network').notNull(),
    address: text('address').notNull(),
    amount: amount('amount').notNull(),
    fee: amount('fee').notNull(),
    status: text('status', { enum: withdrawalStatuses }).notNull().default('pending'),
    holdTransactionId: uuid('hold_transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    reason: text('reason'),
    createdAt: createdAt(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('withdrawals_hold_transaction').on(t.holdTransactionId),
    index('withdrawals_user_idx').on(t.userId, t.createdAt),
    index('withdrawals_status_idx').on(t.status, t.createdAt),
  ],
);
