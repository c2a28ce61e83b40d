import 'server-only';
import { hash, verify } from '@node-rs/argon2';
import { concurrencyCap } from '@/lib/server/http/concurrency';

/** argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane); stored in the PHC string with its parameters. */
export const ARGON2_PARAMS = {
  algorithm: 2, // Algorithm.Argon2id (a const enum isolatedModules cannot read)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * argon2 runs on libuv's four worker threads, which file and DNS work share: two at a time keep
 * the rest of the server answering during a flood of sign-ins; a queue past 64 answers 503 at once.
 */
const argon2Slots = concurrencyCap(2, 64);

export function hashPassword(password: string): Promise<string> {
  return argon2Slots(() => hash(password, ARGON2_PARAMS));
}

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    // Same work whether or not the account exists, so timing does not tell.
    await hashPassword(password);
    return false;
  }
  // A malformed stored hash is a wrong password; a full queue (503) is not.
  return argon2Slots(() => verify(stored, password).catch(() => false));
}
