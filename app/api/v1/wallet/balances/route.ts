import { handler } from '@/lib/server/http/handler';
import { balancesOf } from '@/lib/server/wallet/balances';
import { walletRoutes } from '@/lib/server/wallet/routes';

/**
 * Wallet user balances (spec §7): the player's balance per currency — read beside the session
 * check, since every header asks on every page and after every posting.
 */
export const GET = handler(
  walletRoutes.balances,
  ({ user, ahead }) => ahead ?? balancesOf(user.id),
  { readAhead: balancesOf },
);
