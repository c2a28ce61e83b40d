import { createSign, createVerify, type KeyObject } from 'node:crypto';

/*
 * The aggregator's side of Hub88's protocol, as the studio speaks it: every body signed
 * RSA-SHA256 (PKCS#1 v1.5), the signature in base64 in one header — ours on the Wallet API calls
 * the studio makes, the operator's on the Games API calls it receives. Written apart from the
 * platform's adapter on purpose: the studio talks to the platform only over the wire.
 */
export const SIGNATURE_HEADER = 'x-hub88-signature';

export const sign = (body: string, key: KeyObject) =>
  createSign('RSA-SHA256').update(body).sign(key, 'base64');

export function verified(body: Buffer, signature: string | undefined, key: KeyObject): boolean {
  if (!signature) return false;
  try {
    return createVerify('RSA-SHA256').update(body).verify(key, signature.trim(), 'base64');
  } catch {
    return false;
  }
}

/** What the Wallet API answers (the fields the studio reads). */
export type WalletAnswer = { status: string; balance?: number; currency?: string };
