import { handler } from '@/lib/server/http/handler';
import { balancesOf } from '@/lib/server/wallet/balances';
import { walletRoutes } from '@/lib/server/wallet/routes';

/** Wallet user balances (spec §7): the player's balance per currency. */
export const GET = handler(walletRoutes.balances, ({ user }) => balancesOf(user.id));
