import { z } from 'zod';
import { products } from './domain-events';

/** What staff may be allowed to do; each operator route lists the roles it accepts. */
export const operatorRoles = ['admin', 'support', 'payments', 'risk'] as const;
export type OperatorRole = (typeof operatorRoles)[number];

/**
 * A manual balance adjustment by an operator (a goodwill credit, a correction): signed, in the
 * currency's own units as a decimal string, with a reason for the audit trail and the caller's
 * idempotency key, so a retried call never credits twice. With `round`, it corrects that settled
 * round or bet after the fact: the money moves against the product's house account, a take-back
 * past the balance becomes what the player owes, and `bet.adjusted` names the settlement corrected.
 */
export const adjustmentSchema = z
  .object({
    userId: z.uuid(),
    currency: z
      .string()
      .regex(/^[A-Z0-9]{2,10}$/)
      .describe('A currency of the Cryptos list, e.g. BTC'),
    amount: z
      .string()
      .regex(/^-?\d{1,30}(\.\d{1,18})?$/)
      .describe('Signed decimal, at most the currency’s decimals; negative debits'),
    reason: z.string().trim().min(3).max(500),
    idempotencyKey: z.string().min(8).max(100),
    round: z
      .object({ product: z.enum(products), roundId: z.string().min(1).max(200) })
      .optional()
      .describe('The settled round or bet this corrects'),
  })
  .meta({ id: 'BalanceAdjustment' });
export type AdjustmentBody = z.output<typeof adjustmentSchema>;

export const adjustmentResultSchema = z.object({
  transactionId: z.uuid(),
  replayed: z.boolean(),
  currency: z.string(),
  available: z.string(),
  /** With `round`: the `bet.adjusted` event written (none for a replay). */
  eventId: z.uuid().optional(),
});
