import fc from 'fast-check';
import { countryList, internationalNumber } from '@/lib/forms/countries';
import { zodValidate } from '@/lib/forms/zod-validate';
import { afterSignInHref, decideModal, withoutModal } from '@/lib/site/modals';
import { safeReturnPath } from '@/lib/site/safe-return';
import { signInSchema, signUpSchema } from '@/lib/schemas/auth';
import { visitorCountryFrom } from '@/lib/settings/visitor-country';
import { passwordChecks } from '@/components/auth/password-checklist';

describe('return after sign-in', () => {
  it.each([
    ['//evil.com', '/'],
    ['https://evil.com', '/'],
    ['/\\evil.com', '/'],
    ['javascript:alert(1)', '/'],
    ['%2F%2Fevil.com', '/'],
    ['/%5Cevil.com', '/'],
    ['/\t/evil.com', '/'],
    // Dot segments collapse only when the URL is parsed: the output is checked too.
    ['/.//evil.com', '/'],
    ['/./\\evil.com', '/'],
    ['/a/..//evil.com', '/'],
    ['/%2e//evil.com', '/'],
    ['/%2E%2E//evil.com', '/'],
    ['/x/%2e%2e//evil.com', '/'],
    ['/.%2F/evil.com', '/'],
    ['/\n/evil.com', '/'],
    ['/\r//evil.com', '/'],
    ['/ /evil.com', '/%20/evil.com'],
    ['', '/'],
    ['/slots?tab=fishing', '/slots?tab=fishing'],
    ['/account-management/security#2fa', '/account-management/security#2fa'],
  ])('%j → %j', (value, expected) => {
    expect(safeReturnPath(value, '/')).toBe(expected);
  });

  it('never answers a path a browser would read as another origin (generated inputs)', () => {
    const pieces = fc.constantFrom(
      '/',
      '.',
      '..',
      '%2e',
      '%2E',
      '%2f',
      '%5c',
      '\\',
      '\t',
      '\n',
      'evil.com',
      'a',
      '?',
      '#',
      ':',
      '@',
      '%',
      ' ',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 10 }), (parts) => {
        const out = safeReturnPath(parts.join(''), '/');
        expect(out.startsWith('/')).toBe(true);
        expect(out.startsWith('//') || out.startsWith('/\\')).toBe(false);
        expect(new URL(out, 'https://site.test').origin).toBe('https://site.test');
        expect(safeReturnPath(out, '/fallback')).toBe(out);
      }),
      { numRuns: 3000 },
    );
  });

  it('goes to returnTo when safe, home when not, else the page under the modal', () => {
    const search = (q: string) => new URLSearchParams(q);
    expect(afterSignInHref('/casino', search('ptab=roulette&modal=auth&tab=1'))).toBe(
      '/casino?tab=roulette',
    );
    expect(afterSignInHref('/casino', search('modal=auth&tab=1&returnTo=%2Fbonus'))).toBe('/bonus');
    expect(afterSignInHref('/casino', search('modal=auth&tab=1&returnTo=%2F%2Fevil.com'))).toBe(
      '/',
    );
    expect(
      decideModal('/', search('modal=auth&returnTo=%2F.%2F%2Fevil.com'), 'authenticated'),
    ).toEqual({ kind: 'redirect', href: '/' });
    // A signed-in visitor on the auth modal is sent to the same place.
    expect(decideModal('/casino', search('modal=auth&returnTo=%2Fbonus'), 'authenticated')).toEqual(
      {
        kind: 'redirect',
        href: '/bonus',
      },
    );
    expect(withoutModal('/x', search('modal=auth&tab=1&returnTo=%2Fy'))).toBe('/x');
  });
});

describe('sign-in and sign-up rules', () => {
  const sign = zodValidate(signInSchema);
  it('require a password and an email or a phone, lowercasing and trimming the email', () => {
    expect(sign({ email: 'a@b.co' })).toEqual({ password: 'passwordRequired' });
    expect(sign({ password: 'x' })).toEqual({ email: 'emailOrPhoneRequired' });
    expect(sign({ email: 'nope', password: 'x' })).toEqual({ email: 'emailInvalid' });
    expect(sign({ phone: '+1 555', password: 'x' })).toEqual({ phone: 'phoneInvalid' });
    expect(signInSchema.parse({ email: '  Zara@Example.COM ', password: 'x' }).email).toBe(
      'zara@example.com',
    );
    expect(sign({ email: 'a@b.co', password: 'x', twoFactorCode: '' })).toEqual({
      twoFactorCode: 'twoFactorRequired',
    });
  });

  it('sign-up: password at least 8 with a digit, at most 128, repeated, captcha present', () => {
    const up = zodValidate(signUpSchema);
    const base = {
      isEmail: true,
      email: 'a@b.co',
      password: 'secret123',
      repeatPassword: 'secret123',
      language: 'en',
      captcha: 'c',
    };
    expect(up(base)).toEqual({});
    expect(up({ ...base, password: 'short1', repeatPassword: 'short1' })).toEqual({
      password: 'passwordMin',
    });
    expect(up({ ...base, password: 'longenough', repeatPassword: 'longenough' })).toEqual({
      password: 'passwordDigit',
    });
    expect(up({ ...base, repeatPassword: 'other' })).toEqual({ repeatPassword: 'passwordsDiffer' });
    expect(up({ ...base, captcha: '' })).toEqual({ captcha: 'captchaRequired' });
    expect(up({ ...base, isEmail: false, email: undefined })).toEqual({
      email: 'emailOrPhoneRequired',
    });
  });

  it('the live checklist tracks lowercase, digit and length 8', () => {
    expect(passwordChecks('')).toEqual({ lowercase: false, digit: false, length: false });
    expect(passwordChecks('ABCDEFG1')).toEqual({ lowercase: false, digit: true, length: true });
    expect(passwordChecks('abc')).toEqual({ lowercase: true, digit: false, length: false });
  });
});

describe('countries and the visitor country', () => {
  it('lists about 245 countries with dial codes, localized, suggested first', () => {
    const list = countryList('es');
    expect(list.length).toBeGreaterThanOrEqual(240);
    expect(list.length).toBeLessThanOrEqual(250);
    expect(list.find((c) => c.code === 'CR')).toMatchObject({
      phone: '506',
      label: 'Costa Rica',
      suggested: true,
    });
    expect(list.find((c) => c.code === 'DE')?.label).toBe('Alemania');
    expect(list.findIndex((c) => !c.suggested)).toBeGreaterThan(
      list.findLastIndex((c) => c.suggested),
    );
  });

  it('builds the international number from the country and what was typed', () => {
    expect(internationalNumber('CR', '8888 1234')).toBe('+50688881234');
    expect(internationalNumber('US', '+44 20 7946 0958')).toBe('+442079460958');
    expect(internationalNumber('US', '')).toBe('');
  });

  it('reads the country from edge headers, ignoring unknown values', () => {
    const headers = (h: Record<string, string>) => ({ get: (name: string) => h[name] ?? null });
    expect(visitorCountryFrom(headers({ 'cf-ipcountry': 'cr' }))).toBe('CR');
    expect(visitorCountryFrom(headers({ 'cf-ipcountry': 'XX', 'x-vercel-ip-country': 'BR' }))).toBe(
      'BR',
    );
    expect(visitorCountryFrom(headers({ 'cf-ipcountry': 'T1' }))).toBeNull();
    expect(visitorCountryFrom(headers({}))).toBeNull();
  });
});
