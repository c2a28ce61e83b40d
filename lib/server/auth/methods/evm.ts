import 'server-only';
import { eq } from 'drizzle-orm';
import { getAddress, recoverMessageAddress, type Hex } from 'viem';
import {
  createSiweMessage,
  generateSiweNonce,
  parseSiweMessage,
  validateSiweMessage,
} from 'viem/siwe';
import { config } from '@/lib/config';
import type {
  EvmMessageBody,
  EvmVerifyBody,
  SignInData,
  WalletLinkMessageBody,
  WalletLinkVerifyBody,
} from '@/lib/schemas/auth';
import { getDb } from '@/lib/server/db';
import { isUniqueViolation } from '@/lib/server/db/errors';
import { users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import type { RequestMeta } from '@/lib/server/http/request-meta';
import { playerForIdentity } from '@/lib/server/players/store';
import type { SessionUser } from '../session';
import { completeSignIn } from '../sign-in';
import { consumeWalletMessage, storeWalletMessage, WALLET_MESSAGE_TTL_MS } from '../wallet-message';

type EvmLogin = 'metamask' | 'walletconnect';

function siteDomain() {
  const url = new URL(config.SITE_URL);
  return { domain: url.host, uri: url.origin };
}

/** An EIP-4361 message for the address with a single-use server nonce, kept until step 2. */
async function siweMessage(input: {
  publicAddress: string;
  chainId?: number;
  promotionCode?: string;
  loginType: EvmLogin;
  statement: string;
  userId?: string;
  meta: RequestMeta;
}): Promise<{ messageToSign: string }> {
  const chainId = input.chainId ?? config.SIWE_CHAIN_IDS[0]!;
  if (!config.SIWE_CHAIN_IDS.includes(chainId)) throw new ApiError('INVALID_WALLET_MESSAGE');
  const address = getAddress(input.publicAddress);
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
    statement: input.statement,
  });
  await storeWalletMessage({
    nonce,
    chain: 'evm',
    address: address.toLowerCase(),
    message: messageToSign,
    loginType: input.loginType,
    promotionCode: input.promotionCode,
    userId: input.userId,
    expiresAt,
  });
  return { messageToSign };
}

/** The signature must recover the address, over the stored message, for this site and chain. */
async function verifySiwe(
  body: { publicAddress: string; messageToSign: string; signature: string },
  userId?: string,
) {
  const address = body.publicAddress.toLowerCase();
  const parsed = parseSiweMessage(body.messageToSign);
  const stored = await consumeWalletMessage({
    chain: 'evm',
    address,
    message: body.messageToSign,
    nonce: parsed.nonce,
    userId,
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
  return { address, stored };
}

/** Step 1 (Metamask / WalletConnect): the EIP-4361 message to sign in with. */
export function evmSignInMessage(
  body: EvmMessageBody,
  loginType: EvmLogin,
  meta: RequestMeta,
): Promise<{ messageToSign: string }> {
  return siweMessage({
    ...body,
    loginType,
    meta,
    statement: `Sign in to ${config.SITE_NAME}. This request will not trigger a transaction or cost any fees.`,
  });
}

/** Step 2: a verified signature signs in the wallet's player (created on first sign-in). */
export async function evmSignInVerify(
  body: EvmVerifyBody,
  loginType: EvmLogin,
  meta: RequestMeta,
): Promise<SignInData> {
  const { address, stored } = await verifySiwe(body);
  const player = await playerForIdentity('evmAddress', address, {
    loginType,
    promotionCode: stored.promotionCode ?? undefined,
    usernameSeed: address.slice(2, 8),
  });
  return completeSignIn(player, { meta, loginType, twoFactorCode: body.twoFactorCode });
}

/**
 * Linking a wallet to the signed-in player (after a full sign-in, 2FA included): the same two SIWE
 * steps, with a message made for this player only. An address is never linked without its signature.
 */
export function evmLinkMessage(
  user: SessionUser,
  body: WalletLinkMessageBody,
  meta: RequestMeta,
): Promise<{ messageToSign: string }> {
  return siweMessage({
    ...body,
    loginType: 'metamask',
    userId: user.id,
    meta,
    statement: `Link this wallet to your ${config.SITE_NAME} account. This request will not trigger a transaction or cost any fees.`,
  });
}

export async function evmLinkVerify(
  user: SessionUser,
  body: WalletLinkVerifyBody,
): Promise<{ publicAddress: string }> {
  const { address } = await verifySiwe(body, user.id);
  const db = await getDb();
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.evmAddress, address))
    .limit(1);
  if (owner && owner.id !== user.id) throw new ApiError('IDENTITY_LINKED_ELSEWHERE');
  await db
    .update(users)
    .set({ evmAddress: address })
    .where(eq(users.id, user.id))
    .catch((error: unknown) => {
      // Linked by someone else between the check and the write: the unique index decides.
      if (isUniqueViolation(error)) {
        throw new ApiError('IDENTITY_LINKED_ELSEWHERE');
      }
      throw error;
    });
  return { publicAddress: getAddress(address) };
}
