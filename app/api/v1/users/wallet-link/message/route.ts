import { authRoutes } from '@/lib/server/auth/routes';
import { evmLinkMessage } from '@/lib/server/auth/methods/evm';
import { handler } from '@/lib/server/http/handler';

/** Linking a wallet, step 1: the EIP-4361 message the signed-in player's wallet signs. */
export const POST = handler(authRoutes.walletLinkMessage, ({ user, body, meta }) =>
  evmLinkMessage(user, body, meta),
);
