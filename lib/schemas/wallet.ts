import { z } from 'zod';
import { carries, isValidAddress, networkIds, type Network } from './networks';

/** What a ledger posting is, as the transactions page filters it. */
export const ledgerTypes = [
  'deposit',
  'withdrawal',
  'hold',
  'release',
  'bet',
  'win',
  'bonus',
  'adjustment',
  'reversal',
] as const;

/**
 * A player's money is available; held (a pending withdrawal); withdraw-only (a deposit that arrived
 * past the player's deposit limit or during a break — credited, never playable, always
 * withdrawable); at stake (the stakes of open bets); bonus money; or receivable — what the player
 * owes the house after a resettlement took back more than they had, the one kind below zero.
 */
export const balanceKinds = [
  'available',
  'held',
  'withdraw_only',
  'stake',
  'bonus',
  'receivable',
] as const;
export type BalanceKind = (typeof balanceKinds)[number];

export const withdrawalStatuses = [
  'pending',
  'approved',
  'rejected',
  'cancelled',
  'paid',
  'failed',
] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

/** An amount as players type it and the API takes it: a decimal, at most 18 places. */
export const DECIMAL_AMOUNT = /^\d{1,30}(\.\d{1,18})?$/;

export const TRANSACTIONS_PAGE_MAX = 100;

/** Transactions list: type, currency, date range, cursor pages (newest first). */
export const transactionsQuerySchema = z
  .object({
    type: z.enum(ledgerTypes).optional(),
    currency: z
      .string()
      .regex(/^[A-Z0-9]{2,10}$/)
      .optional(),
    from: z.iso.datetime({ offset: true }).optional().describe('Inclusive, ISO 8601'),
    to: z.iso.datetime({ offset: true }).optional().describe('Exclusive, ISO 8601'),
    cursor: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,200}$/)
      .optional()
      .describe('nextCursor of the previous page'),
    limit: z.coerce.number().int().min(1).max(TRANSACTIONS_PAGE_MAX).default(20),
  })
  .meta({ id: 'TransactionsQuery' });
export type TransactionsQuery = z.output<typeof transactionsQuerySchema>;

/**
 * One movement of the player's money in one currency, as signed decimals. A withdrawal is one row
 * (type withdrawal) from its request on: the amount sent, the fee, its status now and the payout's
 * on-chain transaction; its hold, payout and release postings are not listed apart.
 */
export const walletTransactionSchema = z
  .object({
    id: z.uuid(),
    type: z.enum(ledgerTypes),
    currency: z.string(),
    amount: z
      .string()
      .describe(
        'Change of the balance (available and withdraw-only), signed; for a withdrawal, the amount sent (negative, the fee apart)',
      ),
    fee: z.string().nullable().describe("A withdrawal's network fee; null for other postings"),
    held: z
      .string()
      .describe('Change of the held balance, signed; for a withdrawal, what it still holds'),
    status: z
      .enum([...withdrawalStatuses, 'completed'])
      .describe("A withdrawal's status now; completed for every other posting"),
    network: z.enum(networkIds).nullable().describe('Where it moved on chain, if it did'),
    txHash: z
      .string()
      .nullable()
      .describe("The on-chain transaction: a deposit's, or a withdrawal's payout once sent"),
    explorerUrl: z
      .string()
      .nullable()
      .describe("The transaction on a public block explorer; null without one (a local chain's)"),
    balances: z
      .object({
        available: z.string(),
        withdrawOnly: z.string(),
        held: z.string(),
        stake: z.string(),
        bonus: z.string(),
        receivable: z.string(),
      })
      .describe(
        "Change of each of the player's balances, signed: playable, withdraw-only, held for withdrawals, at stake in open bets, bonus money, and what is owed to the casino (negative)",
      ),
    subtype: z
      .string()
      .nullable()
      .describe(
        'What kind of bet, win or bonus movement it was (grant, release, forfeit, cash-out…)',
      ),
    roundId: z
      .string()
      .nullable()
      .describe('The game round or bet it belongs to, as the game record shows it'),
    createdAt: z.string(),
  })
  .meta({ id: 'WalletTransaction' });
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

export const transactionsPageSchema = z.object({
  data: z.array(walletTransactionSchema),
  nextCursor: z.string().nullable(),
});
export type TransactionsPage = z.infer<typeof transactionsPageSchema>;

/** The currency must travel on the network, and the address follow the network's rule. */
function addressOnNetwork(
  v: { network: Network; currency: string; address: string },
  ctx: z.RefinementCtx,
): void {
  if (!carries(v.network, v.currency)) {
    ctx.addIssue({ code: 'custom', path: ['currency'], message: 'currencyNotOnNetwork' });
  } else if (!isValidAddress(v.network, v.address)) {
    ctx.addIssue({ code: 'custom', path: ['address'], message: 'addressInvalid' });
  }
}

/** At most this many saved addresses per player. */
export const PAYMENT_ADDRESSES_MAX = 50;

/** A saved withdrawal address: the network's rule (checksum included) is checked on both sides. */
export const paymentAddressSchema = z
  .object({
    network: z.enum(networkIds),
    currency: z.string().regex(/^[A-Z0-9]{2,10}$/),
    address: z.string().trim().min(1, 'addressInvalid').max(128, 'addressInvalid'),
    label: z.string().trim().min(1).max(40),
  })
  .superRefine(addressOnNetwork)
  .meta({ id: 'PaymentAddressInput' });
export type PaymentAddressBody = z.output<typeof paymentAddressSchema>;

export const savedPaymentAddressSchema = z
  .object({
    id: z.uuid(),
    network: z.enum(networkIds),
    currency: z.string(),
    address: z.string(),
    label: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'PaymentAddress' });

export const paymentAddressIdSchema = z.object({ id: z.uuid() });

/** Withdraw: where to, how much (decimal, in the currency), the 2FA code when on, the caller's key. */
export const withdrawalRequestSchema = z
  .object({
    currency: z.string().regex(/^[A-Z0-9]{2,10}$/),
    network: z.enum(networkIds),
    address: z.string().trim().min(1, 'addressInvalid').max(128, 'addressInvalid'),
    amount: z
      .string()
      .regex(DECIMAL_AMOUNT)
      .describe('Decimal, at most the currency’s decimals; the fee comes on top'),
    twoFactorCode: z
      .string()
      .regex(/^\d{6}$/, 'twoFactorFormat')
      .optional(),
    idempotencyKey: z.string().min(8).max(100),
  })
  .superRefine(addressOnNetwork)
  .meta({ id: 'WithdrawalRequest' });
export type WithdrawalRequestBody = z.output<typeof withdrawalRequestSchema>;

export const withdrawalSchema = z
  .object({
    id: z.uuid(),
    currency: z.string(),
    network: z.enum(networkIds),
    address: z.string(),
    amount: z.string(),
    fee: z.string(),
    status: z.enum(withdrawalStatuses),
    reason: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Withdrawal' });
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const withdrawalIdSchema = z.object({ id: z.uuid() });

/** Where deposits are taken now: each currency on each network, with its minimum and confirmations. */
const testChainField = z
  .literal(true)
  .optional()
  .describe(
    "Present on a local test chain (the demo's): not the network's mainnet, its coins are worth nothing",
  );

export const depositOptionSchema = z
  .object({
    currency: z.string(),
    network: z.enum(networkIds),
    minimum: z.string().describe('Smaller deposits are shown but never credited'),
    confirmations: z.number().int().positive(),
    contract: z
      .string()
      .nullable()
      .describe('The token contract (a mint on Solana), null for the native coin'),
    decimals: z
      .number()
      .int()
      .nullable()
      .describe(
        'On-chain decimals of the coin or token (EVM, and Solana when paying from a wallet is on)',
      ),
    chainId: z
      .number()
      .int()
      .nullable()
      .describe(
        'The EVM chain id (for paying from a browser wallet); null off EVM or before the first scan',
      ),
    rpcUrl: z
      .url()
      .nullable()
      .describe('The Solana JSON-RPC endpoint a browser wallet pays through; null elsewhere'),
    testChain: testChainField,
  })
  .meta({ id: 'DepositOption' });
export type DepositOption = z.infer<typeof depositOptionSchema>;

export const depositAddressQuerySchema = z
  .object({
    currency: z.string().regex(/^[A-Z0-9]{2,10}$/),
    network: z.enum(networkIds),
    /** What a wallet payment is about to send: checked against the player's deposit limits. */
    amount: z.string().regex(DECIMAL_AMOUNT).optional(),
  })
  .meta({ id: 'DepositAddressQuery' });

export const depositAddressSchema = depositOptionSchema
  .extend({
    address: z.string(),
    testDeposit: z
      .literal(true)
      .optional()
      .describe(
        'Present when a test deposit may be sent to this address (POST /wallet/test-deposit): the local demo, asked from its own machine',
      ),
  })
  .meta({ id: 'DepositAddress' });

/** The currencies the demo chain's funder sends (its native coin and the two test tokens). */
export const testDepositCurrencies = ['ETH', 'USDT', 'USDC'] as const;

export const testDepositRequestSchema = z
  .object({ currency: z.enum(testDepositCurrencies) })
  .meta({ id: 'TestDepositRequest' });

export const testDepositSchema = z
  .object({
    currency: z.enum(testDepositCurrencies),
    amount: z.string(),
    address: z.string(),
    txHash: z.string(),
  })
  .meta({ id: 'TestDeposit' });
export type TestDeposit = z.infer<typeof testDepositSchema>;
export type DepositAddress = z.infer<typeof depositAddressSchema>;

export const depositStatuses = [
  'pending',
  'credited',
  'below_minimum',
  'failed',
  'dropped',
] as const;
export type DepositStatus = (typeof depositStatuses)[number];

/** A transfer seen on chain to the player's address: pending with its confirmations until credited. */
export const depositSchema = z
  .object({
    id: z.uuid(),
    currency: z.string(),
    network: z.enum(networkIds),
    amount: z.string(),
    txHash: z.string(),
    explorerUrl: z
      .string()
      .nullable()
      .describe("The transaction on a public block explorer; null without one (a local chain's)"),
    status: z.enum(depositStatuses),
    confirmations: z.number().int().min(0),
    confirmationsRequired: z.number().int().positive(),
    createdAt: z.string(),
  })
  .meta({ id: 'Deposit' });
export type Deposit = z.infer<typeof depositSchema>;

/** Where withdrawals go: each currency on each network, its minimum and the fee held on top. */
export const withdrawalOptionSchema = z
  .object({
    currency: z.string(),
    network: z.enum(networkIds),
    minimum: z.string(),
    fee: z.string(),
    testChain: testChainField,
  })
  .meta({ id: 'WithdrawalOption' });
export type WithdrawalOption = z.infer<typeof withdrawalOptionSchema>;
