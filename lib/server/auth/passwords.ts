import 'server-only';
import { hash, verify } from '@node-rs/argon2';

/** argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane); stored in the PHC string with its parameters. */
export const ARGON2_PARAMS = {
  algorithm: 2, // Algorithm.Argon2id (a const enum isolatedModules cannot read)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    // Same work whether or not the account exists, so timing does not tell.
    await hash(password, ARGON2_PARAMS);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
