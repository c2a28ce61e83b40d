import { isLoopback } from '@/lib/serve/client-address';
import { handler } from '@/lib/server/http/handler';
import { demoChainEnabled } from '@/lib/server/wallet/demo-chain';
import { depositAddress } from '@/lib/server/wallet/deposits';
import { walletRoutes } from '@/lib/server/wallet/routes';
import { testDepositCurrencies } from '@/lib/schemas/wallet';

const testable = new Set<string>(testDepositCurrencies);

export const GET = handler(walletRoutes.depositAddress, async ({ user, query, meta }) => {
  const answer = await depositAddress(user.id, query.currency, query.network, query.amount);
  // The demo's "Send a test deposit" button: its faucet answers only on this machine.
  const testDeposit =
    answer.testChain === true &&
    query.network === 'ethereum' &&
    testable.has(query.currency) &&
    demoChainEnabled() &&
    isLoopback(meta.ip);
  return testDeposit ? { ...answer, testDeposit: true as const } : answer;
});
