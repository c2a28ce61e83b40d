import 'server-only';
import type { Limit } from '@/lib/server/http/rate-limit';

const MINUTE = 60_000;

/** Abuse limits for the sign-in surface, in one place so operators can read them at once. */
export const authLimits = {
  /**
   * Failed passwords per account in 15 minutes. Past ten, the account is not locked (that would let
   * anyone lock anyone out) but every further sign-in must carry a solved captcha.
   */
  failedSignInPerAccount: {
    name: 'signin-fail-account',
    limit: 10,
    windowMs: 15 * MINUTE,
    code: 'CAPTCHA_REQUIRED',
  },
  /** 2FA codes entered per account in 15 minutes, by any sign-in method (counted before comparing). */
  twoFactorPerAccount: {
    name: '2fa-account',
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
  /** Passwords entered to confirm a sensitive change (2FA on or off). */
  passwordConfirmPerAccount: { name: 'password-confirm-account', limit: 10, windowMs: 15 * MINUTE },
  /** Sending a code (activation, reset) to one contact, and from one address. */
  codeSendPerContact: { name: 'code-send-contact', limit: 5, windowMs: 15 * MINUTE },
  codeSendPerIp: { name: 'code-send-ip', limit: 20, windowMs: 15 * MINUTE },
  /** Entering a code, counted before it is checked: per address and per contact (each code also dies after 5 tries). */
  codeCheckPerIp: { name: 'code-check-ip', limit: 30, windowMs: 15 * MINUTE },
  codeCheckPerContact: {
    name: 'code-check-contact',
    limit: 10,
    windowMs: 15 * MINUTE,
    code: 'CODE_ATTEMPTS_EXCEEDED',
  },
  captchaPerIp: { name: 'captcha-ip', limit: 30, windowMs: MINUTE },
  registerPerIp: { name: 'register-ip', limit: 20, windowMs: 60 * MINUTE },
  walletMessagePerIp: { name: 'wallet-message-ip', limit: 30, windowMs: MINUTE },
  socialPerIp: { name: 'social-ip', limit: 30, windowMs: MINUTE },
} satisfies Record<string, Limit>;
