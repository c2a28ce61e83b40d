import { handler } from '@/lib/server/http/handler';
import { operatorRoutes } from '@/lib/server/operator/routes';
import { rejectWithdrawal } from '@/lib/server/operator/withdrawals';

export const POST = handler(operatorRoutes.rejectWithdrawal, ({ actor, params, body }) =>
  rejectWithdrawal(actor, params.id, body.reason),
);
