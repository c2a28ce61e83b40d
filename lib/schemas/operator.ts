import { z } from 'zod';

/** What staff may be allowed to do; each operator route lists the roles it accepts. */
export const operatorRoles = ['admin', 'support', 'payments', 'risk'] as const;
export type OperatorRole = (typeof operatorRoles)[number];

/**
 * A manual balance adjustment by an operator (a goodwill credit, a correction): signed, in the
 * currency's own units as a decimal string, with a reason for the audit trail and the caller's
 * idempotency key, so a retried call never credits twice.
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
  })
  .meta({ id: 'BalanceAdjustment' });
export type AdjustmentBody = z.output<typeof adjustmentSchema>;

export const adjustmentResultSchema = z.object({
  transactionId: z.uuid(),
  replayed: z.boolean(),
  currency: z.string(),
  available: z.string(),
});
