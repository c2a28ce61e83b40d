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
  private value: string;
  private fresh: boolean;
  private used = false;

  constructor(request: Request) {
    const sent = readCookie(request, DEVICE_COOKIE);
    this.fresh = !sent || !WELL_FORMED.test(sent);
    this.value = this.fresh ? randomBytes(24).toString('base64url') : sent!;
  }

  /** The id's hash, as sign-in events store it. */
  get id(): string {
    this.used = true;
    return createHash('sha256').update(this.value).digest('hex').slice(0, 32);
  }

  /** The Set-Cookie a response carries when this request was given its first id. */
  setCookie(): string | null {
    if (!this.fresh || !this.used) return null;
    return cookieHeader(DEVICE_COOKIE, this.value, {
      path: '/api/v1/auth',
      maxAge: DEVICE_MAX_AGE,
      httpOnly: true,
      sameSite: 'Lax',
      secure: config.SITE_URL.startsWith('https:'),
    });
  }
}
