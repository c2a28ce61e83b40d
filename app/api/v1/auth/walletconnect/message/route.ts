import { authRoutes } from '@/lib/server/auth/routes';
import { evmSignInMessage } from '@/lib/server/auth/methods/evm';
import { handler } from '@/lib/server/http/handler';

/** walletconnect step 1: the EIP-4361 message to sign. */
export const POST = handler(authRoutes.walletconnect.message, ({ body, meta }) =>
  evmSignInMessage(body, 'walletconnect', meta),
);
