import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { config } from '@/lib/config';
import { cookieHeader, readCookie } from './cookies';

const DEVICE_COOKIE = 'device_id';
/** Two years: the browser keeps its id across sign-outs, which is what makes it a signal. */
const DEVICE_MAX_AGE = 2 * 365 * 24 * 3600;
const WELL_FORMED = /^[A-Za-z0-9_-]{32,64}$/;

/**
 * The browser's device id: a random, HttpOnly, long-lived cookie, read only by the sign-in routes
 * (its path). Accounts signing in from one browser share it, which the risk team sees as a flag.
 * The platform stores its hash, never the cookie itself. A browser without one gets one with the
 * answer of the first sign-in that asks for it.
 */
export class DeviceTag {
  private sent: string | null;
  /** Drawn only when a sign-in asks: every API call makes a tag, few read it. */
  private drawn: string | null = null;

  constructor(request: Request) {
    const sent = readCookie(request, DEVICE_COOKIE);
    this.sent = sent && WELL_FORMED.test(sent) ? sent : null;
  }

  /** The id's hash, as sign-in events store it. */
  get id(): string {
    const value = this.sent ?? (this.drawn ??= randomBytes(24).toString('base64url'));
    return createHash('sha256').update(value).digest('hex').slice(0, 32);
  }

  /** The Set-Cookie a response carries when this request was given its first id. */
  setCookie(): string | null {
    if (this.drawn === null) return null;
    return cookieHeader(DEVICE_COOKIE, this.drawn, {
      path: '/api/v1/auth',
      maxAge: DEVICE_MAX_AGE,
      httpOnly: true,
      sameSite: 'Lax',
      secure: config.SITE_URL.startsWith('https:'),
    });
  }
}
