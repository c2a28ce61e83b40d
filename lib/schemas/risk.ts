import { z } from 'zod';
import { operatorRoles } from './operator';

/** What may wait for a second pair of eyes; a later issue adds bonus grants. */
export const approvalKinds = ['balance.adjust', 'sportsbook.resettle'] as const;
export type ApprovalKind = (typeof approvalKinds)[number];
export const approvalStatuses = ['pending', 'approved', 'refused', 'cancelled'] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];

/** The signals that raise a risk flag on a player. */
export const flagKinds = [
  'shared_withdrawal_address',
  'shared_deposit_sender',
  'shared_ip',
  'shared_device',
  'negative_receivable',
  'failed_2fa',
  'casino_rollback_after_win',
] as const;
export type FlagKind = (typeof flagKinds)[number];

/** A decision's note: required to refuse, optional to approve; kept in the audit. */
export const NOTE_MIN = 3;
export const approvalDecisionSchema = z.object({
  note: z.string().trim().max(500).optional(),
});
export const refusalSchema = z.object({ note: z.string().trim().min(NOTE_MIN).max(500) });
export const flagCloseSchema = z.object({ note: z.string().trim().min(NOTE_MIN).max(500) });

export const approvalSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(approvalKinds),
    target: z.string(),
    userId: z.uuid().nullable(),
    username: z.string().nullable(),
    payload: z.record(z.string(), z.unknown()),
    usd: z.string().nullable().describe('Its value in USD when asked'),
    requestedBy: z.string(),
    requestedByName: z.string().nullable(),
    approverRoles: z.array(z.enum(operatorRoles)),
    status: z.enum(approvalStatuses),
    decidedBy: z.string().nullable(),
    decidedAt: z.string().nullable(),
    note: z.string().nullable(),
    result: z.record(z.string(), z.unknown()).nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Approval' });
export type Approval = z.output<typeof approvalSchema>;

export const flagSchema = z
  .object({
    id: z.uuid(),
    userId: z.uuid(),
    username: z.string(),
    kind: z.enum(flagKinds),
    source: z.string(),
    details: z.record(z.string(), z.unknown()).nullable(),
    openedAt: z.string(),
    closedAt: z.string().nullable(),
    closedBy: z.string().nullable(),
    note: z.string().nullable(),
  })
  .meta({ id: 'PlayerFlag' });
export type PlayerFlag = z.output<typeof flagSchema>;
