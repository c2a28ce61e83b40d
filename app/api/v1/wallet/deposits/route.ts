import { handler } from '@/lib/server/http/handler';
import { listDeposits } from '@/lib/server/wallet/deposits';
import { walletRoutes } from '@/lib/server/wallet/routes';

export const GET = handler(walletRoutes.deposits, ({ user }) => listDeposits(user.id));
