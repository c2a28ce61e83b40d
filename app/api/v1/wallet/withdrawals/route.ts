import { handler } from '@/lib/server/http/handler';
import { walletRoutes } from '@/lib/server/wallet/routes';
import { listWithdrawals, requestWithdrawal } from '@/lib/server/wallet/withdrawals';

export const GET = handler(walletRoutes.withdrawals, ({ user }) => listWithdrawals(user.id));

export const POST = handler(walletRoutes.withdraw, async ({ player, body }) =>
  requestWithdrawal(await player(), body),
);
