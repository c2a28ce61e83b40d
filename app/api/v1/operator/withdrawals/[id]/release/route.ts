import { handler } from '@/lib/server/http/handler';
import { operatorRoutes } from '@/lib/server/operator/routes';
import { releaseWithdrawal } from '@/lib/server/operator/withdrawals';

export const POST = handler(operatorRoutes.releaseWithdrawal, ({ actor, params, body }) =>
  releaseWithdrawal(actor, params.id, body.reason),
);
