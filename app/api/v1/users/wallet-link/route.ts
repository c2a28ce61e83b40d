import { authRoutes } from '@/lib/server/auth/routes';
import { evmLinkVerify } from '@/lib/server/auth/methods/evm';
import { handler } from '@/lib/server/http/handler';

/** Linking a wallet, step 2: the signature proves the address; it is linked to this player. */
export const POST = handler(authRoutes.walletLink, ({ user, body }) => evmLinkVerify(user, body));
