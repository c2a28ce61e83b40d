import { SignClient } from '@walletconnect/sign-client';
import type { Address } from 'viem';
import { E2E_WALLETCONNECT_RELAY_PORT } from '../playwright.config';

/**
 * A phone wallet for the WalletConnect flows: the WalletConnect SDK in the test process, on the
 * local relay, approving a session for `address` on `chainId` and answering each request with
 * `answer` (a real key signs there).
 */
export async function phoneWallet(options: {
  address: Address;
  chainId: number;
  methods: string[];
  answer: (method: string, params: unknown[]) => Promise<unknown>;
}) {
  const wallet = await SignClient.init({
    projectId: 'e2e-wallet',
    relayUrl: `ws://127.0.0.1:${E2E_WALLETCONNECT_RELAY_PORT}`,
    customStoragePrefix: `wallet-${Date.now()}-${Math.random()}`,
    metadata: {
      name: 'E2E wallet',
      description: 'test wallet',
      url: 'http://wallet.test',
      icons: [],
    },
    logger: 'silent',
  });
  const chain = `eip155:${options.chainId}`;
  wallet.on(
    'session_proposal',
    ({ id }) =>
      void wallet.approve({
        id,
        namespaces: {
          eip155: {
            accounts: [`${chain}:${options.address}`],
            methods: options.methods,
            events: [],
            chains: [chain],
          },
        },
      }),
  );
  wallet.on('session_request', async ({ id, topic, params }) => {
    const { method, params: args } = params.request;
    try {
      const result = await options.answer(method, Array.isArray(args) ? args : []);
      await wallet.respond({ topic, response: { id, jsonrpc: '2.0', result } });
    } catch (error) {
      await wallet.respond({
        topic,
        response: { id, jsonrpc: '2.0', error: { code: 5000, message: String(error) } },
      });
    }
  });
  return {
    pair: (uri: string) => wallet.pair({ uri }),
    close: () => wallet.core.relayer.transportClose().catch(() => undefined),
  };
}
