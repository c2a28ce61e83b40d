import 'server-only';
import { adjustmentResultSchema, adjustmentSchema } from '@/lib/schemas/operator';
import { route } from '@/lib/server/http/route';

/** The operator API: what running the casino takes, each call audited. */
export const operatorRoutes = {
  adjustBalance: route({
    method: 'post',
    path: '/operator/adjustments',
    operationId: 'adjustBalance',
    summary:
      "Credits (or with a negative amount debits) a player's available balance, with a reason; audited, idempotent by key; roles admin or payments",
    tags: ['operator'],
    operator: ['admin', 'payments'],
    body: adjustmentSchema,
    response: adjustmentResultSchema,
  }),
};
