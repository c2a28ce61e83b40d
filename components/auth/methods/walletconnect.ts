import {
  NoAccountError,
  openWalletConnect,
  type WalletConnectSession,
} from '@/lib/wallet/walletconnect';
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
  let session: Promise<WalletConnectSession> | null = null;

  return async (twoFactorCode) => {
    session ??= openWalletConnect({ ...options, methods: ['personal_sign'] }).catch(
      (error: unknown) => {
        throw error instanceof NoAccountError ? new Error(options.texts.accounts) : error;
      },
    );
    session.catch(() => {
      session = null;
    });
    const { provider } = await session;
    return evmSignIn({ ...options, wallet: 'walletconnect', provider: async () => provider })(
      twoFactorCode,
    );
  };
}
