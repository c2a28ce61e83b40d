import { authApi } from '@/lib/api/auth';
import { SignInError, type SignInMethod } from './types';

export type Eip1193 = {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
  isMetaMask?: boolean;
  providers?: Eip1193[];
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The injected MetaMask provider; extensions can inject late, so it looks up to 3 times. */
export async function findMetamask(attempts = 3, delayMs = 300): Promise<Eip1193 | null> {
  for (let i = 0; i < attempts; i += 1) {
    const ethereum = window.ethereum;
    const provider =
      ethereum?.providers?.find((p) => p.isMetaMask) ?? (ethereum?.isMetaMask ? ethereum : null);
    if (provider) return provider;
    if (i < attempts - 1) await wait(delayMs);
  }
  return null;
}

type Texts = { missing: string; accounts: string; signature: string };

type Signed = { address: `0x${string}`; messageToSign: string; signature: string };

/** The wallet's address, and its signature over the message the server makes for that address. */
async function signServerMessage(
  provider: Eip1193 | null,
  texts: Texts,
  messageFor: (address: `0x${string}`) => Promise<string>,
): Promise<Signed> {
  if (!provider) throw new SignInError(texts.missing, 'metamask-missing');
  const { createWalletClient, custom } = await import('viem');
  const client = createWalletClient({ transport: custom(provider) });
  let address: `0x${string}` | undefined;
  try {
    [address] = await client.requestAddresses();
  } catch {
    address = undefined;
  }
  if (!address) throw new SignInError(texts.accounts);
  const messageToSign = await messageFor(address);
  let signature: string;
  try {
    signature = await client.signMessage({ account: address, message: messageToSign });
  } catch {
    throw new SignInError(texts.signature);
  }
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) throw new SignInError(texts.signature);
  return { address, messageToSign, signature };
}

/**
 * Metamask (or WalletConnect, given its provider) in two steps: the server's EIP-4361 message for
 * the account, signed by the wallet, then verified by the server. viem loads only when used.
 */
export function evmSignIn(options: {
  wallet: 'metamask' | 'walletconnect';
  provider: () => Promise<Eip1193 | null>;
  chainId: number;
  promotionCode?: string;
  locale: string;
  texts: Texts;
}): SignInMethod {
  return async (twoFactorCode) => {
    const signed = await signServerMessage(
      await options.provider(),
      options.texts,
      async (address) => {
        const { messageToSign } = await authApi.evmMessage(
          options.wallet,
          {
            publicAddress: address,
            chainId: options.chainId,
            promotionCode: options.promotionCode,
          },
          options.locale,
        );
        return messageToSign;
      },
    );
    return authApi.evmVerify(
      options.wallet,
      {
        publicAddress: signed.address,
        messageToSign: signed.messageToSign,
        signature: signed.signature,
        twoFactorCode,
      },
      options.locale,
    );
  };
}

/** Links the Metamask account to the signed-in player: the same two steps, a link message. */
export async function linkEvmWallet(options: {
  chainId: number;
  locale: string;
  texts: Texts;
}): Promise<string> {
  const signed = await signServerMessage(await findMetamask(), options.texts, async (address) => {
    const { messageToSign } = await authApi.walletLinkMessage(
      { publicAddress: address, chainId: options.chainId },
      options.locale,
    );
    return messageToSign;
  });
  const linked = await authApi.walletLink(
    {
      publicAddress: signed.address,
      messageToSign: signed.messageToSign,
      signature: signed.signature,
    },
    options.locale,
  );
  return linked.publicAddress;
}
