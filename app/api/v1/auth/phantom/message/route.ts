import { solanaMessageSchema } from '@/lib/schemas/auth';
import { solanaSignInMessage } from '@/lib/server/auth/wallet-solana';
import { handler } from '@/lib/server/http/handler';

export const POST = handler({ body: solanaMessageSchema }, ({ body, request }) =>
  solanaSignInMessage(body, request),
);
