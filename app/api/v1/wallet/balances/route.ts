import { handler } from '@/lib/server/http/handler';
import { balancesOf } from '@/lib/server/players/account';

/** Wallet user balances (spec §7): the player's balance per currency. */
export const GET = handler({ auth: 'required' }, ({ user }) => balancesOf(user.id));
