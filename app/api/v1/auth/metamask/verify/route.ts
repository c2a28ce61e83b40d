import { authRoutes } from '@/lib/server/auth/routes';
import { evmSignInVerify } from '@/lib/server/auth/methods/evm';
import { handler } from '@/lib/server/http/handler';

/** metamask step 2: address, messageToSign and signature. */
export const POST = handler(authRoutes.metamask.verify, ({ body, meta }) =>
  evmSignInVerify(body, 'metamask', meta),
);
