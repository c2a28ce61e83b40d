import type { ChildProcess } from 'node:child_process';
import { networkInterfaces } from 'node:os';
import { expect, test } from './fixtures';
import { apiPlayer, injectMetamask, signInByEmail, uniqueEmail } from './auth-helpers';
import { expectAccessible } from './helpers';
import { startOwnServer } from './own-server';

/** A machine address that is not loopback, if the machine has one (its own traffic to it is not 127.0.0.1). */
function outsideAddress(): string | null {
  for (const list of Object.values(networkInterfaces())) {
    for (const entry of list ?? [])
      if (entry.family === 'IPv4' && !entry.internal) return entry.address;
  }
  return null;
}

test.describe('the real server decides who the caller is', () => {
  let server: ChildProcess;
  let origin: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // Its own server and in-memory database: the limits it fills are nobody else's.
    ({ server, origin } = await startOwnServer({
      port: 3160 + test.info().workerIndex,
      env: { HOST: '0.0.0.0', DEV_OUTBOX: 'true' },
    }));
  });
  test.afterAll(() => {
    server.kill('SIGTERM');
  });

  test('a new X-Forwarded-For on every try does not reset the per-address sign-in limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      const response = await fetch(`${origin}/api/v1/auth/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `203.0.113.${i}, 198.51.100.${i}`,
          'x-real-ip': `192.0.2.${i}`,
        },
        body: JSON.stringify({ email: `nobody${i}@example.com`, password: 'wrong-password1' }),
      });
      statuses.push(response.status);
      if (response.status === 429) break;
    }
    expect(statuses.indexOf(429)).toBeGreaterThan(0);
    expect(statuses.indexOf(429)).toBeLessThan(59);
    expect(statuses.slice(0, statuses.indexOf(429)).every((s) => s === 401)).toBe(true);
  });

  test('the development outbox answers this machine only, whatever headers claim', async ({
    page,
  }) => {
    const local = await fetch(`${origin}/api/v1/dev/outbox`);
    expect(local.status).toBe(200);
    const outside = outsideAddress();
    if (!outside) {
      test.info().annotations.push({ type: 'note', description: 'no address besides loopback' });
      return;
    }
    const port = new URL(origin).port;
    const remote = await fetch(`http://${outside}:${port}/api/v1/dev/outbox`, {
      headers: { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' },
    });
    expect(remote.status).toBe(404);
    // The page reads the outbox from this machine itself, so it checks its own caller too.
    const pageAnswer = await page.request.get(`http://${outside}:${port}/dev/outbox`, {
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(pageAnswer.status()).toBe(404);
  });
});

test.describe('addresses that cannot be decoded', () => {
  test('answer a 400 JSON error under /api and the localized 404 page elsewhere', async ({
    page,
    request,
  }) => {
    for (const path of ['/api/v1/games/%ff', '/api/v1/%E0%A4%A']) {
      const answer = await request.get(path);
      expect(answer.status()).toBe(400);
      expect(await answer.json()).toMatchObject({
        code: 'BAD_REQUEST',
        error: { message: expect.any(String) },
      });
    }
    const english = await page.goto('/casino/games/%ff');
    expect(english!.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const englishHeading = await page.getByRole('heading', { level: 1 }).textContent();
    const spanish = await page.goto('/es/%ff');
    expect(spanish!.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).not.toBe(englishHeading);
    await expectAccessible(page, 'localized 404 for an undecodable path');
  });

  test('files the proxy never sees still carry the security headers', async ({ request }) => {
    const answer = await request.get('/no-such-file.html');
    expect(answer.status()).toBe(404);
    expect(answer.headers()['content-security-policy']).toContain("default-src 'none'");
    expect(answer.headers()['x-content-type-options']).toBe('nosniff');
    expect(answer.headers()['x-frame-options']).toBe('DENY');
    // A bundle script may start a worker that loads its sibling chunks: scripts of this origin only.
    const chunk = await request.get('/_next/static/chunks/no-such-chunk.js');
    expect(chunk.headers()['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
  });
});

test.describe('sign-in after many failed passwords', () => {
  test('the dialog shows the human verification the server asks for, and then signs in', async ({
    page,
  }) => {
    const email = uniqueEmail('captcha-signin');
    await apiPlayer(page.request, email);
    for (let i = 0; i < 10; i += 1) {
      const answer = await page.request.post('/api/v1/auth/login', {
        data: { email, password: `wrong-password-${i}` },
      });
      expect(answer.status()).toBe(401);
    }
    await page.goto('/?modal=auth&tab=1');
    await signInByEmail(page, email, 'secret123');
    await expect(page.getByRole('dialog').getByRole('alert')).toHaveText(
      'Please complete the human verification first.',
    );
    await expect(page.getByTestId('captcha')).toBeVisible();
    await expectAccessible(page, 'sign-in with the captcha');
    await page.getByRole('dialog').getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible({
      timeout: 30_000,
    });
  });
});

test.describe('linking a wallet', () => {
  test('a signed-in player links Metamask by signing, then signs in with it into the same account', async ({
    page,
  }) => {
    const account = await injectMetamask(page);
    const email = uniqueEmail('link-wallet');
    await apiPlayer(page.request, email);
    await page.goto('/account-management/security?modal=auth&tab=1');
    await signInByEmail(page, email, 'secret123');
    await expect(page.getByTestId('sign-in-methods-card')).toBeVisible();
    await page.getByTestId('link-wallet').click();
    await expect(page.getByTestId('linked-wallet')).toHaveText(account.address);
    await expectAccessible(page, 'security page with a linked wallet');

    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.goto('/account-management/my-account?modal=auth&tab=1');
    await page.getByRole('button', { name: 'Metamask', exact: true }).click();
    await expect(page.getByTestId('profile-summary')).toContainText(email, { timeout: 30_000 });
  });
});
