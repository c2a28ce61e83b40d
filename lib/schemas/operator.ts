import { z } from 'zod';
import { products } from './domain-events';
import { withdrawalStatuses } from './wallet';

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
  status: z
    .enum(['posted', 'pending', 'refused', 'cancelled'])
    .describe('posted: the money moved; pending: it waits for a second staff member (approvalId)'),
  transactionId: z.uuid().optional(),
  replayed: z.boolean(),
  currency: z.string(),
  /** The player's available balance after a posting made by this call. */
  available: z.string().optional(),
  /** With `round`: the `bet.adjusted` event written (none for a replay). */
  eventId: z.uuid().optional(),
  /** The approval it waits for (or waited for). */
  approvalId: z.uuid().optional(),
});

/** The queues the back office's overview counts, each for the roles that work it. */
export const overviewQueues = [
  'withdrawals',
  'failedPayouts',
  'alerts',
  'kyc',
  'approvals',
  'flags',
  'support',
] as const;
export type OverviewQueue = (typeof overviewQueues)[number];

export const overviewSchema = z
  .object({
    queues: z.array(z.object({ queue: z.enum(overviewQueues), waiting: z.int().min(0) })),
    today: z.object({
      newPlayers: z.int().min(0),
      depositsCredited: z.int().min(0),
      withdrawalsRequested: z.int().min(0),
      withdrawalsPaid: z.int().min(0),
    }),
  })
  .meta({ id: 'BackOfficeOverview' });
export type Overview = z.output<typeof overviewSchema>;

/** A row of the payments team's withdrawals queue. */
export const queuedWithdrawalSchema = z
  .object({
    id: z.uuid(),
    userId: z.uuid(),
    username: z.string(),
    kycLevel: z.int().min(0).max(3).describe('The highest KYC level approved (0: none)'),
    currency: z.string(),
    network: z.string(),
    address: z.string(),
    amount: z
      .string()
      .describe('Decimal string in the currency, e.g. "50.000000" (what the player receives)'),
    fee: z.string().describe('Decimal string in the currency: the network fee, held on top'),
    usd: z
      .string()
      .nullable()
      .describe('The amount in USD at the current rates (null: the currency has no rate)'),
    usdIndicative: z
      .boolean()
      .describe('The rates are the built-in indicative table, not a live price source'),
    status: z.enum(withdrawalStatuses),
    reason: z
      .string()
      .nullable()
      .describe('Why it was rejected or released, as the operator typed it'),
    createdAt: z.string(),
  })
  .meta({ id: 'QueuedWithdrawal' });
export type QueuedWithdrawal = z.output<typeof queuedWithdrawalSchema>;

/** Something the platform needs a person to look at (a hot wallet short of funds, a failed payout). */
export const operatorAlertSchema = z
  .object({
    id: z.uuid(),
    kind: z.string(),
    target: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'OperatorAlert' });
export type OperatorAlert = z.output<typeof operatorAlertSchema>;

/** Why an operator rejects or releases a withdrawal: kept on it and in the audit. */
export const REASON_MIN = 3;
export const withdrawalReasonSchema = z.object({
  reason: z.string().trim().min(REASON_MIN).max(500),
});

/**
 * The audit room's filters, in its address and in the API's query: the action and target match
 * from their start (`withdrawal.` finds every withdrawal action), the actor exactly, the dates
 * are UTC days (inclusive).
 */
export const auditFilterSchema = z.object({
  action: z.string().trim().max(100).optional(),
  target: z.string().trim().max(200).optional(),
  actor: z.string().trim().max(100).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type AuditFilter = z.output<typeof auditFilterSchema>;

export const auditEntrySchema = z
  .object({
    id: z.uuid(),
    actor: z.string().describe('`token:automation` or `staff:<id>`'),
    actorName: z.string().nullable().describe('The staff member’s name, for a staff actor'),
    role: z.string(),
    action: z.string(),
    target: z.string(),
    before: z.unknown().nullable(),
    after: z.unknown().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.output<typeof auditEntrySchema>;
