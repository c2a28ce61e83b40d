import { expect, test } from './fixtures';
import { openSettings, serverHtml, watchCspViolations } from './helpers';

const cspNonce = (csp: string | undefined) => csp?.match(/'nonce-([^']+)'/)?.[1];

for (const param of ['ref', 'code', 'referral']) {
  test(`a visit with ?${param}= sets the referrer cookies for 30 days, lax and secure`, async ({
    page,
    context,
  }) => {
    const before = Date.now();
    await page.goto(`/?${param}=FRIEND42`);
    const cookies = await context.cookies();
    const referrer = cookies.find((c) => c.name === 'referrer');
    const stamp = cookies.find((c) => c.name === 'referrer_timestamp');
    expect(referrer?.value).toBe('FRIEND42');
    expect(Number(stamp?.value)).toBeGreaterThanOrEqual(before - 1000);
    for (const cookie of [referrer!, stamp!]) {
      expect(cookie.sameSite).toBe('Lax');
      expect(cookie.secure).toBe(true);
      const lifetimeMs = cookie.expires * 1000 - before;
      expect(Math.abs(lifetimeMs - 2_592_000_000)).toBeLessThan(60_000);
    }
  });
}

test('a visit without a code sets no referrer cookie', async ({ page, context }) => {
  await page.goto('/?ref=<bad>');
  expect((await context.cookies()).map((c) => c.name)).not.toContain('referrer');
});

test('every HTML response carries a fresh nonce CSP and the security headers', async ({
  request,
}) => {
  const first = await request.get('/');
  const second = await request.get('/es');
  const [a, b] = [
    first.headers()['content-security-policy'],
    second.headers()['content-security-policy'],
  ];
  expect(cspNonce(a)).toBeTruthy();
  expect(cspNonce(b)).toBeTruthy();
  expect(cspNonce(a)).not.toBe(cspNonce(b));
  for (const csp of [a!, b!]) {
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain('frame-ancestors');
  }
  const headers = first.headers();
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);

  // Every script the page ships carries this response's nonce.
  const html = await first.text();
  const scriptNonces = [...html.matchAll(/<script[^>]*\snonce="([^"]+)"/g)].map((m) => m[1]);
  const scripts = [...html.matchAll(/<script\b/g)].length;
  expect(scriptNonces.length).toBe(scripts);
  expect(new Set(scriptNonces)).toEqual(new Set([cspNonce(a)]));
});

test('the page runs under its CSP without a single refusal', async ({ page }) => {
  const refused = watchCspViolations(page);
  await page.goto('/');
  await openSettings(page);
  expect(refused).toEqual([]);
});

test('the proxy leaves the API, assets and the socket path alone', async ({ request, page }) => {
  // No page nonce and no referrer cookie there; only server.ts's script-free baseline policy.
  const noPagePolicy = (csp: string | undefined) =>
    expect(
      csp === undefined || (!csp.includes('nonce-') && csp.includes("default-src 'none'")),
    ).toBe(true);
  const api = await request.get('/api/v1/health?ref=X1');
  noPagePolicy(api.headers()['content-security-policy']);
  expect(api.headers()['set-cookie'] ?? '').not.toContain('referrer');
  const asset = await request.get('/favicon.svg');
  expect(asset.status()).toBe(200);
  noPagePolicy(asset.headers()['content-security-policy']);
  expect(asset.headers()['x-content-type-options']).toBe('nosniff');
  const socket = await request.get('/socket.io/?EIO=4&transport=polling', {
    headers: { origin: 'http://evil.example' },
  });
  noPagePolicy(socket.headers()['content-security-policy']);
  expect(socket.status()).toBe(403);
  const html = await serverHtml(page, '/');
  const chunk = html.match(/src="(\/_next\/static\/[^"]+\.js)"/)?.[1];
  expect(chunk).toBeTruthy();
  noPagePolicy((await request.get(chunk!)).headers()['content-security-policy']);
});
