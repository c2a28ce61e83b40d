import { handler } from '@/lib/server/http/handler';
import { operatorRoutes } from '@/lib/server/operator/routes';
import { retryWithdrawal } from '@/lib/server/operator/withdrawals';

export const POST = handler(operatorRoutes.retryWithdrawal, ({ actor, params }) =>
  retryWithdrawal(actor, params.id),
);
