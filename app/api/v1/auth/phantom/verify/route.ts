import { solanaVerifySchema } from '@/lib/schemas/auth';
import { solanaSignInVerify } from '@/lib/server/auth/wallet-solana';
import { handler } from '@/lib/server/http/handler';

export const POST = handler({ body: solanaVerifySchema }, ({ body, request }) =>
  solanaSignInVerify(body, request),
);
