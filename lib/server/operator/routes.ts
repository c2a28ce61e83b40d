import 'server-only';
import { z } from 'zod';
import {
  adjustmentResultSchema,
  adjustmentSchema,
  auditEntrySchema,
  auditFilterSchema,
  operatorAlertSchema,
  overviewSchema,
  queuedWithdrawalSchema,
  withdrawalReasonSchema,
} from '@/lib/schemas/operator';
import { withdrawalIdSchema, withdrawalStatuses } from '@/lib/schemas/wallet';
import { route } from '@/lib/server/http/route';

/** The operator API: what running the casino takes, each call audited. */
/** A release's answer: ended now, or `cancelling` while a cancel transaction races the payout. */
const releasedSchema = z.object({
  id: z.uuid(),
  status: z.enum(withdrawalStatuses),
  release: z.enum(['done', 'cancelling']).optional(),
});

export const operatorRoutes = {
  adjustBalance: route({
    method: 'post',
    path: '/operator/adjustments',
    operationId: 'adjustBalance',
    summary:
      "Credits (or with a negative amount debits) a player's available balance, with a reason; with `round`, corrects that settled round (bet.adjusted); audited, idempotent by key. Past ADJUSTMENT_FOUR_EYES_USD of the player's adjustments in 24 h (this one included), or while the rates are the indicative table, it waits for a different staff member's approval (`status: pending`, `approvalId`); roles admin or payments",
    tags: ['operator'],
    operator: ['admin', 'payments'],
    body: adjustmentSchema,
    response: adjustmentResultSchema,
  }),
  withdrawals: route({
    method: 'get',
    path: '/operator/withdrawals',
    operationId: 'withdrawalsQueue',
    summary:
      'Withdrawals by status (pending by default), oldest first, a page at a time (offset, limit ≤ 200), with the player and the amount in USD; roles admin or payments',
    tags: ['operator'],
    operator: ['admin', 'payments'],
    query: z.object({
      status: z.enum(withdrawalStatuses).default('pending'),
      offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
      limit: z.coerce.number().int().min(1).max(200).default(200),
    }),
    response: z.array(queuedWithdrawalSchema),
  }),
  audit: route({
    method: 'get',
    path: '/operator/audit',
    operationId: 'auditLog',
    summary:
      'The audit trail, newest first: every operator action with its actor, target, before and after; filter by action or target prefix, actor, UTC days; offset and limit ≤ 100; role admin',
    tags: ['operator'],
    operator: ['admin'],
    query: auditFilterSchema.extend({
      offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
      limit: z.coerce.number().int().min(1).max(101).default(50),
    }),
    response: z.array(auditEntrySchema),
  }),
  overview: route({
    method: 'get',
    path: '/operator/overview',
    operationId: 'backOfficeOverview',
    summary:
      "The queues waiting for the caller's role (withdrawals, failed payouts, alerts, KYC, support) and today's counts (UTC); every role",
    tags: ['operator'],
    operator: ['admin', 'support', 'payments', 'risk'],
    response: overviewSchema,
  }),
  approveWithdrawal: route({
    method: 'post',
    path: '/operator/withdrawals/{id}/approve',
    operationId: 'approveWithdrawal',
    summary: 'Approves a pending withdrawal (once; audited); roles admin or payments',
    tags: ['operator'],
    operator: ['admin', 'payments'],
    params: withdrawalIdSchema,
    response: z.object({ id: z.uuid(), status: z.enum(withdrawalStatuses) }),
  }),
  rejectWithdrawal: route({
    method: 'post',
    path: '/operator/withdrawals/{id}/reject',
    operationId: 'rejectWithdrawal',
    summary:
      'Rejects a pending or approved withdrawal with a reason and releases its hold (once; audited). An approved one with a payout on chain is cancelled first: `cancelling` until the cancel is confirmed (then rejected), or paid if the transfer is mined first; roles admin or payments',
    tags: ['operator'],
    operator: ['admin', 'payments'],
    params: withdrawalIdSchema,
    body: withdrawalReasonSchema,
    response: releasedSchema,
  }),
  retryWithdrawal: route({
    method: 'post',
    path: '/operator/withdrawals/{id}/retry',
    operationId: 'retryWithdrawal',
    summary:
      'Puts a withdrawal whose payout failed on chain back to approved: the hot wallet signs a new attempt with a new nonce (audited). Also an approved one whose payout can no longer pay (its nonce used by another transaction, checked on the chain; a custodian request lost): that attempt ends failed in the same transaction; roles admin or payments',
    tags: ['operator'],
    operator: ['admin', 'payments'],
    params: withdrawalIdSchema,
    response: z.object({ id: z.uuid(), status: z.enum(withdrawalStatuses) }),
  }),
  releaseWithdrawal: route({
    method: 'post',
    path: '/operator/withdrawals/{id}/release',
    operationId: 'releaseWithdrawal',
    summary:
      'Ends a failed or approved withdrawal as rejected and gives its hold back to the player (once; audited). An approved one with a payout on chain is cancelled first: `cancelling` until the cancel is confirmed (then rejected), or paid if the transfer is mined first; roles admin or payments',
    tags: ['operator'],
    operator: ['admin', 'payments'],
    params: withdrawalIdSchema,
    body: withdrawalReasonSchema,
    response: releasedSchema,
  }),
  alerts: route({
    method: 'get',
    path: '/operator/alerts',
    operationId: 'operatorAlerts',
    summary:
      'Open alerts that need a person (a hot wallet too short to pay, a failed payout), newest first; roles admin or payments',
    tags: ['operator'],
    operator: ['admin', 'payments'],
    response: z.array(operatorAlertSchema),
  }),
  resolveAlert: route({
    method: 'post',
    path: '/operator/alerts/{id}/resolve',
    operationId: 'resolveAlert',
    summary:
      'Closes an open alert a person has dealt with, with a note on how (once; audited); the same problem met again raises a new one; roles admin or payments',
    tags: ['operator'],
    operator: ['admin', 'payments'],
    params: z.object({ id: z.uuid() }),
    body: withdrawalReasonSchema,
    response: z.object({ id: z.uuid(), resolvedAt: z.string() }),
  }),
};
