import { handler } from '@/lib/server/http/handler';
import { depositAddress } from '@/lib/server/wallet/deposits';
import { walletRoutes } from '@/lib/server/wallet/routes';

export const GET = handler(walletRoutes.depositAddress, ({ user, query }) =>
  depositAddress(user.id, query.currency, query.network, query.amount),
);
