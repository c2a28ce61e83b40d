import 'server-only';
import { randomBytes } from 'node:crypto';
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { config } from '@/lib/config';
import type { SignInData, SolanaMessageBody, SolanaVerifyBody } from '@/lib/schemas/auth';
import { ApiError } from '@/lib/server/http/api-error';
import type { RequestMeta } from '@/lib/server/http/request-meta';
import { playerForIdentity } from '@/lib/server/players/store';
import { completeSignIn } from '../sign-in';
import { consumeWalletMessage, storeWalletMessage, WALLET_MESSAGE_TTL_MS } from '../wallet-message';

function decode(value: string, length: number): Uint8Array | null {
  try {
    const bytes = bs58.decode(value);
    return bytes.length === length ? bytes : null;
  } catch {
    return null;
  }
}

/** The nonce line of a Phantom sign-in message (Sign-In With Solana's plain-text shape). */
const NONCE_LINE = /^Nonce: ([A-Za-z0-9]+)$/m;

/** Phantom step 1: a plain-text message naming the site, the key and a single-use nonce. */
export async function solanaSignInMessage(
  body: SolanaMessageBody,
): Promise<{ messageToSign: string }> {
  if (!decode(body.publicKey, 32)) throw new ApiError('VALIDATION_ERROR', 'publicKey');
  const site = new URL(config.SITE_URL);
  const nonce = randomBytes(16).toString('hex');
  const issuedAt = new Date();
  const expiresAt = new Date(issuedAt.getTime() + WALLET_MESSAGE_TTL_MS);
  const messageToSign = [
    `${site.host} wants you to sign in with your Solana account:`,
    body.publicKey,
    '',
    `Sign in to ${config.SITE_NAME}. This request will not trigger a transaction or cost any fees.`,
    '',
    `URI: ${site.origin}`,
    `Nonce: ${nonce}`,
    `Issued At: ${issuedAt.toISOString()}`,
    `Expiration Time: ${expiresAt.toISOString()}`,
  ].join('\n');
  await storeWalletMessage({
    nonce,
    chain: 'solana',
    address: body.publicKey,
    message: messageToSign,
    loginType: 'phantom',
    promotionCode: body.promotionCode,
    twoFactorCode: body.twoFactorCode,
    expiresAt,
  });
  return { messageToSign };
}

/** Phantom step 2: an ed25519 signature by the key over the exact stored message. */
export async function solanaSignInVerify(
  body: SolanaVerifyBody,
  meta: RequestMeta,
): Promise<SignInData> {
  const stored = await consumeWalletMessage({
    chain: 'solana',
    address: body.publicKey,
    message: body.messageToSign,
    nonce: NONCE_LINE.exec(body.messageToSign)?.[1],
  });
  const key = decode(body.publicKey, 32);
  const signature = decode(body.signature, 64);
  const message = new TextEncoder().encode(body.messageToSign);
  if (!key || !signature || !nacl.sign.detached.verify(message, signature, key)) {
    throw new ApiError('INVALID_SIGNATURE');
  }
  const player = await playerForIdentity('solanaAddress', body.publicKey, {
    loginType: 'phantom',
    promotionCode: stored.promotionCode ?? undefined,
    usernameSeed: body.publicKey.slice(0, 6),
  });
  return completeSignIn(player, {
    meta,
    loginType: 'phantom',
    twoFactorCode: stored.twoFactorCode ?? undefined,
  });
}
