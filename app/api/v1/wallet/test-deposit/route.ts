import { isLoopback } from '@/lib/serve/client-address';
import { ApiError } from '@/lib/server/http/api-error';
import { handler } from '@/lib/server/http/handler';
import { demoChainEnabled, sendTestDeposit } from '@/lib/server/wallet/demo-chain';
import { walletRoutes } from '@/lib/server/wallet/routes';

/**
 * The demo's faucet: a 404 unless the demo chain is on and the caller is on its machine (like the
 * outbox), whoever asks; then a player's session is needed like any wallet call.
 */
export const POST = handler(walletRoutes.testDeposit, ({ user, body, meta }) => {
  if (!demoChainEnabled() || !isLoopback(meta.ip)) throw new ApiError('NOT_FOUND');
  if (!user) throw new ApiError('UNAUTHORIZED');
  return sendTestDeposit(user.id, body.currency);
});
