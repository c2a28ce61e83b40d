import 'server-only';
import type { Limit } from '@/lib/server/http/rate-limit';

const MINUTE = 60_000;

/** Abuse limits for the sign-in surface, in one place so operators can read them at once. */
export const authLimits = {
  /** Ten failed sign-ins per account in 15 minutes; the 11th attempt is refused. */
  failedSignInPerAccount: {
    name: 'signin-fail-account',
    limit: 10,
    windowMs: 15 * MINUTE,
    code: 'TOO_MANY_SIGN_IN_ATTEMPTS',
  },
  failedSignInPerIp: {
    name: 'signin-fail-ip',
    limit: 50,
    windowMs: 15 * MINUTE,
    code: 'TOO_MANY_SIGN_IN_ATTEMPTS',
  },
  /** Sending a code (activation, reset) to one contact, and from one address. */
  codeSendPerContact: { name: 'code-send-contact', limit: 5, windowMs: 15 * MINUTE },
  codeSendPerIp: { name: 'code-send-ip', limit: 20, windowMs: 15 * MINUTE },
  /** Entering a code: wrong guesses per address (each code also dies after 5 wrong tries). */
  codeCheckPerIp: { name: 'code-check-ip', limit: 30, windowMs: 15 * MINUTE },
  captchaPerIp: { name: 'captcha-ip', limit: 30, windowMs: MINUTE },
  registerPerIp: { name: 'register-ip', limit: 20, windowMs: 60 * MINUTE },
  walletMessagePerIp: { name: 'wallet-message-ip', limit: 30, windowMs: MINUTE },
  socialPerIp: { name: 'social-ip', limit: 30, windowMs: MINUTE },
} satisfies Record<string, Limit>;
