import type { SignInData } from '@/lib/schemas/auth';

/** One way in: called again with the code when the answer says two-factor is on. */
export type SignInMethod = (twoFactorCode?: string) => Promise<SignInData>;

/** A failure whose message is the spec's own sentence (§8), already translated. */
export class SignInError extends Error {
  constructor(
    message: string,
    readonly kind: 'metamask-missing' | 'other' = 'other',
  ) {
    super(message);
    this.name = 'SignInError';
  }
}
