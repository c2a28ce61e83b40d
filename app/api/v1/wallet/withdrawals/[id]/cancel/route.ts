import { handler } from '@/lib/server/http/handler';
import { walletRoutes } from '@/lib/server/wallet/routes';
import { endPending } from '@/lib/server/wallet/withdrawals';

export const POST = handler(walletRoutes.cancelWithdrawal, ({ user, params }) =>
  endPending({ id: params.id, userId: user.id }, 'cancelled', null),
);
