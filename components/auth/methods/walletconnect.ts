import { evmSignIn } from './evm';
import type { SignInMethod } from './types';

type Options = {
  projectId: string;
  relayUrl: string | null;
  chainId: number;
  promotionCode?: string;
  locale: string;
  siteName: string;
  /** The pairing address: the dialog shows it as a QR code for the phone wallet to scan. */
  onUri: (uri: string) => void;
  texts: { missing: string; accounts: string; signature: string };
};

/**
 * WalletConnect: pair with a phone wallet over the relay (QR code), then the same EIP-4361 steps
 * as Metamask, with personal_sign sent to the wallet through the session. The SDK loads on click.
 */
export function walletConnectSignIn(options: Options): SignInMethod {
  let session: Promise<{
    request: (method: string, params: unknown[]) => Promise<unknown>;
    address: string;
  }> | null = null;

  const connect = async () => {
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
      optionalNamespaces: { eip155: { methods: ['personal_sign'], chains: [chain], events: [] } },
    });
    if (uri) options.onUri(uri);
    const settled = await approval();
    const account = settled.namespaces.eip155?.accounts[0];
    const address = account?.split(':')[2];
    if (!address) throw new Error(options.texts.accounts);
    return {
      address,
      request: (method: string, params: unknown[]) =>
        client.request({ topic: settled.topic, chainId: chain, request: { method, params } }),
    };
  };

  return async (twoFactorCode) => {
    session ??= connect();
    session.catch(() => {
      session = null;
    });
    const paired = await session;
    // The session, seen as an EIP-1193 provider, so the Metamask steps apply unchanged.
    const provider = {
      request: async ({ method, params }: { method: string; params?: unknown[] }) => {
        if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [paired.address];
        if (method === 'eth_chainId') return `0x${options.chainId.toString(16)}`;
        return paired.request(method, params ?? []);
      },
    };
    return evmSignIn({ ...options, wallet: 'walletconnect', provider: async () => provider })(
      twoFactorCode,
    );
  };
}
