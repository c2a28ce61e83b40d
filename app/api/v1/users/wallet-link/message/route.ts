import { walletLinkMessageSchema } from '@/lib/schemas/auth';
import { evmLinkMessage } from '@/lib/server/auth/wallet-evm';
import { handler } from '@/lib/server/http/handler';

/** Linking a wallet, step 1: the EIP-4361 message the signed-in player's wallet signs. */
export const POST = handler(
  { auth: 'required', body: walletLinkMessageSchema },
  ({ user, body, request }) => evmLinkMessage(user, body, request),
);
