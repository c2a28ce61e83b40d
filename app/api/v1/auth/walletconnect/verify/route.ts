import { evmVerifySchema } from '@/lib/schemas/auth';
import { evmSignInVerify } from '@/lib/server/auth/wallet-evm';
import { handler } from '@/lib/server/http/handler';

/** walletconnect step 2: address, messageToSign and signature. */
export const POST = handler({ body: evmVerifySchema }, ({ body, request }) =>
  evmSignInVerify(body, 'walletconnect', request),
);
