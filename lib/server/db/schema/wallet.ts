import { sql } from 'drizzle-orm';
import type { Address, Hex } from 'viem';
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  balanceKinds,
  depositStatuses,
  ledgerTypes,
  withdrawalStatuses,
} from '@/lib/schemas/wallet';
import { createdAt, id, minorUnits, moment } from './columns';
import { users } from './players';

/* The ledger: every balance change is a transaction of entries that sum to zero per currency. */

/**
 * The house's side of every movement; house accounts may go below zero. A product's bets go to its
 * own account (`casino`, `originals`, `sportsbook`), so each has its own result; `game` is the
 * retired shared one, kept for rows written before the products had theirs (docs/ledger.md).
 */
export const houseAccounts = [
  'deposits',
  'withdrawals',
  'fees',
  'game',
  'casino',
  'originals',
  'sportsbook',
  'bonus',
  'adjustments',
] as const;
export type HouseAccount = (typeof houseAccounts)[number];

/** A player's balance kinds (see their meaning in lib/schemas/wallet.ts). */
export { balanceKinds };
export type BalanceKind = (typeof balanceKinds)[number];

export { ledgerTypes };
export type LedgerType = (typeof ledgerTypes)[number];

const amount = minorUnits;

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
    check(
      'ledger_accounts_player_non_negative',
      sql`${t.house} IS NOT NULL OR ${t.kind} = 'receivable' OR ${t.balance} >= 0`,
    ),
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

/**
 * A posting whose lines, decided under the lock, came to nothing (a lost round's payout): its key is
 * kept with no entries so a retry answers the same. `ledger:check` allows no other empty posting.
 */
export const ledgerEmptyPostings = pgTable('ledger_empty_postings', {
  transactionId: uuid('transaction_id')
    .primaryKey()
    .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
});

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
    /** How much of the held sum came from the withdraw-only balance (it goes back there on release). */
    fromWithdrawOnly: amount('from_withdraw_only')
      .notNull()
      .default(sql`0`),
    holdTransactionId: uuid('hold_transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    reason: text('reason'),
    /**
     * An operator's release of an approved withdrawal whose payout is in flight: set while the
     * cancel transaction races the transfer. The withdrawal ends released when the cancel is
     * confirmed, paid when the transfer is.
     */
    releaseRequestedAt: moment('release_requested_at'),
    createdAt: createdAt(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('withdrawals_hold_transaction').on(t.holdTransactionId),
    index('withdrawals_user_idx').on(t.userId, t.createdAt),
    index('withdrawals_status_idx').on(t.status, t.createdAt),
    index('withdrawals_address_idx').on(sql`lower(${t.address})`),
  ],
);

/** Child indexes of the deposit key: each player's next address takes the next one. */
export const depositAddressIndex = pgSequence('deposit_address_index', {
  startWith: 0,
  minValue: 0,
});

/**
 * A player's deposit address on a family of networks (one EVM address serves every EVM chain): the
 * child at `derivationIndex` of the operator's extended public key. Indexes come from a sequence,
 * so two players never share one, and a row is never re-derived differently.
 */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    family: text('family', { enum: ['evm'] }).notNull(),
    derivationIndex: integer('derivation_index').notNull(),
    /** Which key derived it (`xpub:<fingerprint>` or `dev`), so a new key never reuses old rows. */
    keyId: text('key_id').notNull(),
    address: text('address').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('deposit_addresses_player').on(t.userId, t.family, t.keyId),
    unique('deposit_addresses_address').on(t.family, t.address),
    unique('deposit_addresses_index').on(t.family, t.keyId, t.derivationIndex),
  ],
);

/**
 * pending: seen, waiting for confirmations; credited; below_minimum: confirmed but under the
 * currency's minimum deposit, never credited; failed: the transaction reverted; dropped: it left
 * the chain (a re-org) and did not come back.
 */
export { depositStatuses };

/**
 * An incoming transfer to a player's deposit address, seen on chain. One row per
 * (chain, transaction, position of the log within the transaction; -1 for native value): the
 * position survives a re-org that moves the transaction to another block, so a re-seen transfer
 * finds its row again. Credited once, by a conditional update inside the crediting posting.
 */
export const deposits = pgTable(
  'deposits',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    network: text('network').notNull(),
    chainId: integer('chain_id').notNull(),
    currency: text('currency').notNull(),
    address: text('address').notNull(),
    txHash: text('tx_hash').$type<Hex>().notNull(),
    logPosition: integer('log_position').notNull(),
    /** Who sent it (the token transfer's `from`, lowercased): accounts sharing a sender are flagged. */
    sender: text('sender'),
    blockNumber: numeric('block_number', { precision: 20, scale: 0, mode: 'bigint' }).notNull(),
    blockHash: text('block_hash').notNull(),
    /** What arrived, in the token's on-chain units (uint256). */
    onChainAmount: numeric('on_chain_amount', {
      precision: 78,
      scale: 0,
      mode: 'bigint',
    }).notNull(),
    /** What is credited, at ledger precision (rounded down); the rest stays in `remainder`. */
    amount: amount('amount').notNull(),
    remainder: numeric('remainder', { precision: 78, scale: 0, mode: 'bigint' }).notNull(),
    status: text('status', { enum: depositStatuses }).notNull().default('pending'),
    creditTransactionId: uuid('credit_transaction_id').references(() => ledgerTransactions.id, {
      onDelete: 'restrict',
    }),
    createdAt: createdAt(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('deposits_transfer').on(t.chainId, t.txHash, t.logPosition),
    index('deposits_user_idx').on(t.userId, t.createdAt),
    index('deposits_pending_idx').on(t.network, t.status),
    index('deposits_sender_idx').on(t.sender),
  ],
);

/** Where the watcher goes on with each chain: the next block it has not scanned. */
export const chainCursors = pgTable('chain_cursors', {
  network: text('network').primaryKey(),
  chainId: integer('chain_id').notNull(),
  nextBlock: numeric('next_block', { precision: 20, scale: 0, mode: 'bigint' }).notNull(),
  /** The chain's head at the last scan: a pending deposit's confirmations count up to it. */
  headBlock: numeric('head_block', { precision: 20, scale: 0, mode: 'bigint' }).notNull(),
  updatedAt: moment('updated_at').notNull().defaultNow(),
});

/**
 * The chain a network's payouts are signed on, known by its first block: the hot wallet signs
 * only while the node at the configured address serves that chain. Chain ids do not tell a fork, a
 * testnet started with the same id, or another local node on a reused port from the real one;
 * the genesis block does.
 */
export const payoutChains = pgTable('payout_chains', {
  network: text('network').primaryKey(),
  chainId: integer('chain_id').notNull(),
  genesisHash: text('genesis_hash').notNull(),
  createdAt: moment('created_at').notNull().defaultNow(),
});

export const payoutStatuses = ['live', 'paid', 'failed', 'cancelled'] as const;

/**
 * A payout attempt of an approved withdrawal: one (withdrawal, nonce). The nonce belongs to the
 * withdrawal for good: it carries only that withdrawal's transfer, the transfer's fee-bumped
 * replacements, or a cancel. The attempt ends paid or failed (reverted) by a receipt with the
 * network's confirmations, or cancelled by its cancel's; a missing receipt never ends it. Only a
 * failed attempt lets an operator's retry open another, with a new nonce.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    withdrawalId: uuid('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id, { onDelete: 'restrict' }),
    attempt: integer('attempt').notNull(),
    network: text('network').notNull(),
    chainId: integer('chain_id').notNull(),
    signer: text('signer').$type<Address>().notNull(),
    nonce: integer('nonce').notNull(),
    status: text('status', { enum: payoutStatuses }).notNull().default('live'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('payouts_attempt').on(t.withdrawalId, t.attempt),
    unique('payouts_nonce').on(t.chainId, t.signer, t.nonce),
    uniqueIndex('payouts_live')
      .on(t.withdrawalId)
      .where(sql`${t.status} = 'live'`),
    index('payouts_status_idx').on(t.network, t.status),
  ],
);

export const payoutTransactionKinds = ['transfer', 'cancel'] as const;
export const payoutTransactionStatuses = ['signed', 'sent', 'refused'] as const;

/**
 * Every transaction signed for an attempt's nonce, stored *before* it is broadcast: the transfer,
 * its replacements at higher fees, a cancel (nothing, to the signer itself). Whichever the chain
 * mines decides the attempt; a restarted server re-broadcasts the very bytes stored here.
 */
export const payoutTransactions = pgTable(
  'payout_transactions',
  {
    id: id(),
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => payouts.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: payoutTransactionKinds }).notNull(),
    rawTransaction: text('raw_transaction').$type<Hex>().notNull(),
    txHash: text('tx_hash').$type<Hex>().notNull(),
    /** The chain's head when it was broadcast (or refused): replacements count blocks from it. */
    sentBlock: numeric('sent_block', { precision: 20, scale: 0, mode: 'bigint' }),
    status: text('status', { enum: payoutTransactionStatuses }).notNull().default('signed'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('payout_transactions_hash').on(t.txHash),
    index('payout_transactions_payout_idx').on(t.payoutId, t.createdAt),
  ],
);

/**
 * A custodian's deposit address for a player, per currency and network (the networks the platform
 * does not watch itself: BTC, TRON, Solana…), and the provider's payment it belongs to.
 */
export const custodianAddresses = pgTable(
  'custodian_addresses',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    currency: text('currency').notNull(),
    network: text('network').notNull(),
    address: text('address').notNull(),
    /** The provider's payment the address was opened with (its webhooks name it). */
    paymentId: text('payment_id').notNull(),
    /**
     * The player's nth address for the pair: a provider's payment expires (NOWPayments' after 7
     * days unpaid), so a new one is opened before then. Old rows stay: a late payment to an old
     * address is still the player's.
     */
    generation: integer('generation').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    unique('custodian_addresses_player').on(
      t.userId,
      t.provider,
      t.currency,
      t.network,
      t.generation,
    ),
    unique('custodian_addresses_payment').on(t.provider, t.paymentId),
  ],
);

/**
 * A payment as the custodian reported it (re-read from its API, never taken from the webhook
 * alone): credited once, on its final status, for the amount actually received.
 */
export const custodianPayments = pgTable(
  'custodian_payments',
  {
    id: id(),
    provider: text('provider').notNull(),
    paymentId: text('payment_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    currency: text('currency').notNull(),
    network: text('network').notNull(),
    status: text('status').notNull(),
    /** Our reading of the provider's status: final and credited, final and void, or not final. */
    state: text('state', { enum: ['open', 'credit', 'void'] })
      .notNull()
      .default('open'),
    /** What arrived so far (at ledger precision); credited as it stands on the final status. */
    amount: amount('amount'),
    txHash: text('tx_hash'),
    creditTransactionId: uuid('credit_transaction_id').references(() => ledgerTransactions.id, {
      onDelete: 'restrict',
    }),
    createdAt: createdAt(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [unique('custodian_payments_payment').on(t.provider, t.paymentId)],
);

export const custodianPayoutStatuses = [
  'requesting',
  'created',
  'verified',
  'paid',
  'failed',
] as const;

/**
 * A payout the custodian sends for an approved withdrawal (the networks the hot wallet does not
 * pay). The row is written *before* the provider is asked, under an external id the provider
 * keeps: a server that stops between the request and its answer finds the payout again by that id
 * and never asks twice. One row per attempt; an operator's retry adds one.
 */
export const custodianPayouts = pgTable(
  'custodian_payouts',
  {
    id: id(),
    withdrawalId: uuid('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id, { onDelete: 'restrict' }),
    attempt: integer('attempt').notNull(),
    provider: text('provider').notNull(),
    /** Ours, sent with the request (`unique_external_id`): how an unanswered request is found. */
    externalId: text('external_id').notNull(),
    /** The provider's batch and withdrawal ids, once it answered. */
    batchId: text('batch_id'),
    providerWithdrawalId: text('provider_withdrawal_id'),
    status: text('status', { enum: custodianPayoutStatuses }).notNull().default('requesting'),
    /** When the request was sent: from then on it is only looked up, never sent again. */
    requestedAt: moment('requested_at'),
    /** Passes that looked the sent request up and found no trace of it at the provider. */
    unfoundPasses: integer('unfound_passes').notNull().default(0),
    txHash: text('tx_hash'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('custodian_payouts_attempt').on(t.withdrawalId, t.attempt),
    unique('custodian_payouts_external').on(t.provider, t.externalId),
    index('custodian_payouts_status_idx').on(t.provider, t.status),
  ],
);
