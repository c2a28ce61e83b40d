import { evmMessageSchema } from '@/lib/schemas/auth';
import { evmSignInMessage } from '@/lib/server/auth/wallet-evm';
import { handler } from '@/lib/server/http/handler';

/** walletconnect step 1: the EIP-4361 message to sign. */
export const POST = handler({ body: evmMessageSchema }, ({ body, request }) =>
  evmSignInMessage(body, 'walletconnect', request),
);
