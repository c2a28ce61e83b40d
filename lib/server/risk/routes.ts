import 'server-only';
import { z } from 'zod';
import {
  approvalDecisionSchema,
  approvalSchema,
  approvalStatuses,
  flagCloseSchema,
  flagKinds,
  flagSchema,
  refusalSchema,
} from '@/lib/schemas/risk';
import { route } from '@/lib/server/http/route';

const idParams = z.object({ id: z.uuid() });
const page = {
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(101).default(50),
};

/** Four-eyes approvals and risk flags: the risk room's calls. */
export const riskRoutes = {
  approvals: route({
    method: 'get',
    path: '/operator/approvals',
    operationId: 'approvals',
    summary:
      'Requests waiting for (or decided by) a second staff member: pending ones oldest first, others newest first; filter by status or player; offset and limit ≤ 101; roles admin, risk or payments',
    tags: ['operator'],
    operator: ['admin', 'risk', 'payments'],
    query: z.object({
      status: z.enum(approvalStatuses).optional(),
      userId: z.uuid().optional(),
      ...page,
    }),
    response: z.array(approvalSchema),
  }),
  approve: route({
    method: 'post',
    path: '/operator/approvals/{id}/approve',
    operationId: 'approveRequest',
    summary:
      'Approves a pending request, which then runs as asked (once; audited). Never by its requester or the automation key (FOUR_EYES); only the kind’s approver roles (admin or risk for adjustments)',
    tags: ['operator'],
    operator: ['admin', 'risk'],
    params: idParams,
    body: approvalDecisionSchema,
    response: approvalSchema,
  }),
  refuse: route({
    method: 'post',
    path: '/operator/approvals/{id}/refuse',
    operationId: 'refuseRequest',
    summary:
      'Refuses a pending request with a note (an approver), or withdraws it (its requester: cancelled); nothing runs; audited',
    tags: ['operator'],
    operator: ['admin', 'risk', 'payments'],
    params: idParams,
    body: refusalSchema,
    response: approvalSchema,
  }),
  flags: route({
    method: 'get',
    path: '/operator/flags',
    operationId: 'playerFlags',
    summary:
      'Risk flags on players (shared withdrawal address, deposit sender, sign-in IP or device; a debt to the house; repeated failed 2FA), newest first; filter by status, kind, player; every role',
    tags: ['operator'],
    operator: ['admin', 'risk', 'payments', 'support'],
    query: z.object({
      status: z.enum(['open', 'closed']).optional(),
      kind: z.enum(flagKinds).optional(),
      userId: z.uuid().optional(),
      ...page,
    }),
    response: z.array(flagSchema),
  }),
  closeFlag: route({
    method: 'post',
    path: '/operator/flags/{id}/close',
    operationId: 'closeFlag',
    summary:
      'Closes an open flag with the reviewer’s note (once; audited); the same signal does not raise it again; roles admin or risk',
    tags: ['operator'],
    operator: ['admin', 'risk'],
    params: idParams,
    body: flagCloseSchema,
    response: flagSchema,
  }),
};
