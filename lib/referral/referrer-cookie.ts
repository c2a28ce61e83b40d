/** Cookies the sign-up form reads to credit the player who referred this visitor (spec §3, §9). */
export const REFERRER_COOKIE = 'referrer';
export const REFERRER_TIMESTAMP_COOKIE = 'referrer_timestamp';
export const REFERRER_LIFETIME_MS = 2_592_000_000;

/** Query parameters a referral link may carry the code in, in order of preference. */
export const REFERRAL_PARAMS = ['ref', 'code', 'referral'] as const;

const CODE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

export function readReferralCode(params: URLSearchParams): string | null {
  for (const name of REFERRAL_PARAMS) {
    const value = params.get(name)?.trim();
    if (value && CODE_PATTERN.test(value)) return value;
  }
  return null;
}

export type CookieToSet = {
  name: string;
  value: string;
  options: { maxAge: number; expires: Date; sameSite: 'lax'; secure: true; path: '/' };
};

export function referrerCookies(code: string, now: Date): CookieToSet[] {
  const options = {
    maxAge: REFERRER_LIFETIME_MS / 1000,
    expires: new Date(now.getTime() + REFERRER_LIFETIME_MS),
    sameSite: 'lax' as const,
    secure: true as const,
    path: '/' as const,
  };
  return [
    { name: REFERRER_COOKIE, value: code, options },
    { name: REFERRER_TIMESTAMP_COOKIE, value: String(now.getTime()), options },
  ];
}
