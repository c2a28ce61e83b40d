import 'server-only';
import { createSign, createVerify, type KeyObject } from 'node:crypto';

/*
 * Hub88 signs every request body with RSA-SHA256 (PKCS#1 v1.5) and sends the signature in
 * base64 in this header; we sign ours the same way with our key (docs/casino-aggregators.md).
 */
export const SIGNATURE_HEADER = 'X-Hub88-Signature';

export function signBody(body: string | Buffer, key: KeyObject): string {
  return createSign('RSA-SHA256').update(body).sign(key, 'base64');
}

/**
 * Whether `signature` is the aggregator's over these exact bytes: the raw body, never a
 * re-serialization (another key order or spacing would be another message).
 */
export function verifyBody(body: Buffer, signature: string | null, key: KeyObject): boolean {
  if (!signature || !/^[A-Za-z0-9+/]+={0,2}$/.test(signature.trim())) return false;
  try {
    return createVerify('RSA-SHA256').update(body).verify(key, signature.trim(), 'base64');
  } catch {
    return false;
  }
}
