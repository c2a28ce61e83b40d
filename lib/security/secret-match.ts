import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether a caller's secret equals ours, in constant time whatever either's length (both are
 * hashed first). No expected secret configured → never.
 */
export function secretMatches(given: string | null | undefined, expected: string | undefined) {
  if (!expected || typeof given !== 'string' || given.length === 0) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
