import { authRoutes } from '@/lib/server/auth/routes';
import { evmSignInMessage } from '@/lib/server/auth/methods/evm';
import { handler } from '@/lib/server/http/handler';

/** metamask step 1: the EIP-4361 message to sign. */
export const POST = handler(authRoutes.metamask.message, ({ body, meta }) =>
  evmSignInMessage(body, 'metamask', meta),
);
