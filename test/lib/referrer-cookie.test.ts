import {
  REFERRER_COOKIE,
  REFERRER_LIFETIME_MS,
  REFERRER_TIMESTAMP_COOKIE,
  readReferralCode,
  referrerCookies,
} from '@/lib/referral/referrer-cookie';

describe('referral code in the address', () => {
  it.each([
    ['ref=ABC12', 'ABC12'],
    ['code=XY_9', 'XY_9'],
    ['referral=friend-1', 'friend-1'],
    ['ref=FIRST&code=SECOND', 'FIRST'],
  ])('reads %s', (query, expected) => {
    expect(readReferralCode(new URLSearchParams(query))).toBe(expected);
  });

  it.each(['', 'ref=', 'ref=%3Cscript%3E', `ref=${'A'.repeat(33)}`, 'other=ABC'])(
    'ignores %s',
    (query) => {
      expect(readReferralCode(new URLSearchParams(query))).toBeNull();
    },
  );

  it('sets both cookies for 2,592,000,000 ms, lax and secure', () => {
    const now = new Date('2026-11-22T00:00:00Z');
    const cookies = referrerCookies('ABC12', now);
    expect(cookies.map((c) => c.name)).toEqual([REFERRER_COOKIE, REFERRER_TIMESTAMP_COOKIE]);
    expect(cookies[0]?.value).toBe('ABC12');
    expect(cookies[1]?.value).toBe(String(now.getTime()));
    for (const cookie of cookies) {
      expect(cookie.options.maxAge).toBe(2_592_000);
      expect(cookie.options.expires.getTime() - now.getTime()).toBe(REFERRER_LIFETIME_MS);
      expect(cookie.options.sameSite).toBe('lax');
      expect(cookie.options.secure).toBe(true);
    }
  });
});
