/**
 * A WalletConnect session with a phone wallet over the relay, seen as an EIP-1193 provider: the
 * sign-in (personal_sign) and pay-from-wallet (eth_sendTransaction, through wagmi) use the same
 * pairing. The SDK loads when a session is asked for, never with the page.
 */
export type WalletConnectOptions = {
  projectId: string;
  relayUrl: string | null;
  siteName: string;
  chainId: number;
  /** The JSON-RPC methods the session asks the wallet to allow. */
  methods: string[];
  /** The pairing address: shown as a QR code for the phone wallet to scan. */
  onUri: (uri: string) => void;
};

export type Eip1193Provider = {
  request: (args: { method: string; params?: unknown[] }) => Promise<unknown>;
  on: (event: string, listener: (...args: unknown[]) => void) => void;
  removeListener: (event: string, listener: (...args: unknown[]) => void) => void;
};

export type WalletConnectSession = { address: string; provider: Eip1193Provider };

/** The wallet approved a session without an EVM account in it. */
export class NoAccountError extends Error {}

export async function openWalletConnect(
  options: WalletConnectOptions,
): Promise<WalletConnectSession> {
  const { SignClient } = await import('@walletconnect/sign-client');
  const client = await SignClient.init({
    projectId: options.projectId,
    ...(options.relayUrl ? { relayUrl: options.relayUrl } : {}),
    metadata: {
      name: options.siteName,
      description: options.siteName,
      url: window.location.origin,
      icons: [`${window.location.origin}/brand/logo-mark.svg`],
    },
  });
  const chain = `eip155:${options.chainId}`;
  const { uri, approval } = await client.connect({
    optionalNamespaces: { eip155: { methods: options.methods, chains: [chain], events: [] } },
  });
  if (uri) options.onUri(uri);
  const settled = await approval();
  const address = settled.namespaces.eip155?.accounts[0]?.split(':')[2];
  if (!address) throw new NoAccountError();
  // What the session itself knows is answered here; everything else is the wallet's to answer.
  const provider: Eip1193Provider = {
    request: async ({ method, params = [] }) => {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [address];
      if (method === 'eth_chainId') return `0x${options.chainId.toString(16)}`;
      return client.request({ topic: settled.topic, chainId: chain, request: { method, params } });
    },
    on: () => undefined,
    removeListener: () => undefined,
  };
  return { address, provider };
}
