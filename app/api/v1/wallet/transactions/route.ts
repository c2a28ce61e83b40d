import { handler } from '@/lib/server/http/handler';
import { walletRoutes } from '@/lib/server/wallet/routes';
import { listTransactions } from '@/lib/server/wallet/transactions';

export const GET = handler(walletRoutes.transactions, ({ user, query }) =>
  listTransactions(user.id, query),
);
