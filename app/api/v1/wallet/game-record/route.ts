import { handler } from '@/lib/server/http/handler';
import { gameRecord } from '@/lib/server/wallet/game-record';
import { walletRoutes } from '@/lib/server/wallet/routes';

export const GET = handler(walletRoutes.gameRecord, ({ user, query }) =>
  gameRecord(user.id, query),
);
