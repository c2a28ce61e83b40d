import { handler } from '@/lib/server/http/handler';
import { operatorRoutes } from '@/lib/server/operator/routes';
import { approveWithdrawal } from '@/lib/server/operator/withdrawals';

export const POST = handler(operatorRoutes.approveWithdrawal, ({ actor, params }) =>
  approveWithdrawal(actor, params.id),
);
