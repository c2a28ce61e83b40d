import { z } from 'zod';
import { carries, isValidAddress, networkIds } from './networks';

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

/** One movement of the player's money in one currency: available and held as signed decimals. */
export const walletTransactionSchema = z
  .object({
    id: z.uuid(),
    type: z.enum(ledgerTypes),
    currency: z.string(),
    amount: z.string().describe('Change of the available balance, signed'),
    held: z.string().describe('Change of the held balance, signed'),
    createdAt: z.string(),
  })
  .meta({ id: 'WalletTransaction' });
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

export const transactionsPageSchema = z.object({
  data: z.array(walletTransactionSchema),
  nextCursor: z.string().nullable(),
});
export type TransactionsPage = z.infer<typeof transactionsPageSchema>;

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
  .superRefine((v, ctx) => {
    if (!carries(v.network, v.currency)) {
      ctx.addIssue({ code: 'custom', path: ['currency'], message: 'currencyNotOnNetwork' });
    } else if (!isValidAddress(v.network, v.address)) {
      ctx.addIssue({ code: 'custom', path: ['address'], message: 'addressInvalid' });
    }
  })
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
