import { authApi } from '@/lib/api/auth';
import { SignInError, type SignInMethod } from './types';

export type PhantomProvider = {
  isPhantom?: boolean;
  connect(): Promise<{ publicKey: { toString(): string } }>;
  signMessage(message: Uint8Array, encoding?: string): Promise<{ signature: Uint8Array }>;
};

export function findPhantom(): PhantomProvider | null {
  const provider = window.phantom?.solana ?? window.solana;
  return provider?.isPhantom ? provider : null;
}

/**
 * Phantom: the key (base58) and optional 2FA code in step 1, an ed25519 signature of the server's
 * message in step 2 (spec §3).
 */
export function phantomSignIn(options: {
  promotionCode?: string;
  locale: string;
  texts: { missing: string; signature: string };
}): SignInMethod {
  return async (twoFactorCode) => {
    const provider = findPhantom();
    if (!provider) throw new SignInError(options.texts.missing);
    const { publicKey } = await provider.connect();
    const key = publicKey.toString();
    const { messageToSign } = await authApi.phantomMessage(
      { publicKey: key, promotionCode: options.promotionCode, twoFactorCode },
      options.locale,
    );
    let signature: Uint8Array;
    try {
      ({ signature } = await provider.signMessage(new TextEncoder().encode(messageToSign), 'utf8'));
    } catch {
      throw new SignInError(options.texts.signature);
    }
    if (!(signature instanceof Uint8Array) || signature.length !== 64) {
      throw new SignInError(options.texts.signature);
    }
    const { default: bs58 } = await import('bs58');
    return authApi.phantomVerify(
      { publicKey: key, messageToSign, signature: bs58.encode(signature) },
      options.locale,
    );
  };
}
