import 'server-only';
import { getAddress, recoverMessageAddress, type Hex } from 'viem';
import {
  createSiweMessage,
  generateSiweNonce,
  parseSiweMessage,
  validateSiweMessage,
} from 'viem/siwe';
import { config } from '@/lib/config';
import type { SignInData } from '@/lib/schemas/auth';
import { ApiError } from '@/lib/server/http/api-error';
import { clientAddress, hitLimit } from '@/lib/server/http/rate-limit';
import { authLimits } from './limits';
import { playerForIdentity } from './players';
import { completeSignIn } from './sign-in';
import { consumeWalletMessage, storeWalletMessage, WALLET_MESSAGE_TTL_MS } from './wallet-message';

type EvmLogin = 'metamask' | 'walletconnect';

function siteDomain() {
  const url = new URL(config.SITE_URL);
  return { domain: url.host, uri: url.origin };
}

/** Step 1 (Metamask / WalletConnect): an EIP-4361 message with a single-use server nonce. */
export async function evmSignInMessage(
  body: { publicAddress: string; chainId?: number; promotionCode?: string },
  loginType: EvmLogin,
  request: Request,
): Promise<{ messageToSign: string }> {
  await hitLimit(authLimits.walletMessagePerIp, clientAddress(request));
  const chainId = body.chainId ?? config.SIWE_CHAIN_IDS[0]!;
  if (!config.SIWE_CHAIN_IDS.includes(chainId)) throw new ApiError('INVALID_WALLET_MESSAGE');
  const address = getAddress(body.publicAddress);
  const nonce = generateSiweNonce();
  const issuedAt = new Date();
  const expiresAt = new Date(issuedAt.getTime() + WALLET_MESSAGE_TTL_MS);
  const messageToSign = createSiweMessage({
    ...siteDomain(),
    address,
    chainId,
    nonce,
    issuedAt,
    expirationTime: expiresAt,
    version: '1',
    statement: `Sign in to ${config.SITE_NAME}. This request will not trigger a transaction or cost any fees.`,
  });
  await storeWalletMessage({
    nonce,
    chain: 'evm',
    address: address.toLowerCase(),
    message: messageToSign,
    loginType,
    promotionCode: body.promotionCode,
    expiresAt,
  });
  return { messageToSign };
}

/** Step 2: the signature must recover the address, over the stored message, for this site and chain. */
export async function evmSignInVerify(
  body: { publicAddress: string; messageToSign: string; signature: string; twoFactorCode?: string },
  loginType: EvmLogin,
  request: Request,
): Promise<SignInData> {
  const address = body.publicAddress.toLowerCase();
  const parsed = parseSiweMessage(body.messageToSign);
  const stored = await consumeWalletMessage({
    chain: 'evm',
    address,
    message: body.messageToSign,
    nonce: parsed.nonce,
  });
  const valid = validateSiweMessage({
    message: parsed,
    address: getAddress(address),
    domain: siteDomain().domain,
    nonce: stored.nonce,
  });
  if (!valid || !parsed.chainId || !config.SIWE_CHAIN_IDS.includes(parsed.chainId)) {
    throw new ApiError('INVALID_WALLET_MESSAGE');
  }
  let signer: string;
  try {
    signer = await recoverMessageAddress({
      message: body.messageToSign,
      signature: body.signature as Hex,
    });
  } catch {
    throw new ApiError('INVALID_SIGNATURE');
  }
  if (signer.toLowerCase() !== address) throw new ApiError('INVALID_SIGNATURE');

  const player = await playerForIdentity('evmAddress', address, {
    loginType,
    promotionCode: stored.promotionCode ?? undefined,
    usernameSeed: address.slice(2, 8),
  });
  return completeSignIn(player, { request, loginType, twoFactorCode: body.twoFactorCode });
}
