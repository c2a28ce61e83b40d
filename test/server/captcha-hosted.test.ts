import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { config } from '@/lib/config';
import { assertCaptcha, captchaSettings } from '@/lib/server/auth/captcha';
import { closeDb } from '@/lib/server/db';

const mutable = config as Record<string, unknown>;
afterAll(() => closeDb());

describe('Turnstile / hCaptcha by configuration', () => {
  it.each(['turnstile', 'hcaptcha'])(
    '%s: siteverify with secret, response and address',
    async (provider) => {
      const seen: URLSearchParams[] = [];
      // The provider's siteverify endpoint, played locally: the same form in, the same JSON out.
      const verifier = createServer((req, res) => {
        let body = '';
        req.on('data', (c) => (body += c));
        req.on('end', () => {
          const form = new URLSearchParams(body);
          seen.push(form);
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ success: form.get('response') === 'good-token' }));
        });
      });
      await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
      Object.assign(mutable, {
        CAPTCHA_PROVIDER: provider,
        CAPTCHA_SITE_KEY: 'site-key',
        CAPTCHA_SECRET: 'secret-key',
        CAPTCHA_VERIFY_URL: `http://127.0.0.1:${(verifier.address() as AddressInfo).port}/siteverify`,
      });
      try {
        expect(captchaSettings()).toEqual({ provider, siteKey: 'site-key' });
        await expect(assertCaptcha('good-token', '203.0.113.9')).resolves.toBeUndefined();
        await expect(assertCaptcha('bad-token', '203.0.113.9')).rejects.toMatchObject({
          code: 'CAPTCHA_INVALID',
        });
        await expect(assertCaptcha(undefined, '203.0.113.9')).rejects.toMatchObject({
          code: 'CAPTCHA_REQUIRED',
        });
        expect(seen[0]!.get('secret')).toBe('secret-key');
        expect(seen[0]!.get('remoteip')).toBe('203.0.113.9');
      } finally {
        verifier.close();
        Object.assign(mutable, {
          CAPTCHA_PROVIDER: 'altcha',
          CAPTCHA_SITE_KEY: undefined,
          CAPTCHA_SECRET: undefined,
          CAPTCHA_VERIFY_URL: undefined,
        });
      }
      expect(captchaSettings()).toEqual({ provider: 'altcha' });
    },
  );
});
