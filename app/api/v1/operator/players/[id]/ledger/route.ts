import { handler } from '@/lib/server/http/handler';
import { playerOfficeRoutes } from '@/lib/server/operator/player-routes';
import { listTransactions } from '@/lib/server/wallet/transactions';

export const GET = handler(playerOfficeRoutes.ledger, ({ params, query }) =>
  listTransactions(params.id, query),
);
