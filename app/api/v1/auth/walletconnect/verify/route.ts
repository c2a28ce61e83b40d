import { authRoutes } from '@/lib/server/auth/routes';
import { evmSignInVerify } from '@/lib/server/auth/methods/evm';
import { handler } from '@/lib/server/http/handler';

/** walletconnect step 2: address, messageToSign and signature. */
export const POST = handler(authRoutes.walletconnect.verify, ({ body, meta }) =>
  evmSignInVerify(body, 'walletconnect', meta),
);
