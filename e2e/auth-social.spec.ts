import { createHash, createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { isHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import {
  E2E_COINBASE_PORT,
  E2E_GOOGLE_CLIENT_ID,
  E2E_JWKS_PORT,
  E2E_TELEGRAM_BOT_TOKEN,
} from '../playwright.config';
import { apiPlayer, uniqueEmail } from './auth-helpers';
import { expectAccessible } from './helpers';
import { phoneWallet } from './phone-wallet';

/** The login widget's hash, made the way Telegram makes it, with the bot token the server knows. */
function telegramResult(user: Record<string, string | number>) {
  const check = Object.keys(user)
    .sort()
    .map((k) => `${k}=${user[k]}`)
    .join('\n');
  const secret = createHash('sha256').update(E2E_TELEGRAM_BOT_TOKEN).digest();
  return { ...user, hash: createHmac('sha256', secret).update(check).digest('hex') };
}

test('Telegram: the popup (500×800) posts the signed user and the player is signed in', async ({
  page,
}) => {
  const user = telegramResult({
    id: 424242 + Math.floor(Math.random() * 1e6),
    first_name: 'Tele',
    username: 'tele_player',
    auth_date: Math.floor(Date.now() / 1000),
  });
  // oauth.telegram.org cannot be reached here: its page is played by a route at the same origin.
  await page.context().route('https://oauth.telegram.org/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<script>opener.postMessage(JSON.stringify({event:'auth_result',result:${JSON.stringify(user)}}),'*');</script>`,
    }),
  );
  await page.goto('/?modal=auth&tab=1');
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByTestId('telegram-button').click(),
  ]);
  expect(popup.url()).toContain('bot_id=123456');
  expect(await popup.evaluate(() => [window.outerWidth, window.outerHeight])).toEqual([500, 800]);
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
});

test.describe('Coinbase', () => {
  // One local Coinbase on one port: these tests share it, one after the other.
  test.describe.configure({ mode: 'serial' });
  let server: Server;
  test.beforeAll(async () => {
    // The token and user endpoints of Coinbase, played locally (the server is configured to them).
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const json = (status: number, payload: unknown) =>
          res
            .writeHead(status, { 'content-type': 'application/json' })
            .end(JSON.stringify(payload));
        if (req.url === '/oauth2/token') {
          const form = new URLSearchParams(body);
          return form.get('code') === 'e2e-code' && form.get('client_secret') === 'e2e-secret'
            ? json(200, { access_token: 'e2e-coinbase-access' })
            : json(400, { error: 'invalid_grant' });
        }
        if (req.url === '/v2/user') {
          return req.headers.authorization === 'Bearer e2e-coinbase-access'
            ? json(200, { data: { id: 'e2e-coinbase-user', name: 'Coin Player' } })
            : json(401, {});
        }
        json(404, {});
      });
    });
    await new Promise<void>((resolve) => server.listen(E2E_COINBASE_PORT, '127.0.0.1', resolve));
  });
  test.afterAll(() => server.close());

  /** Coinbase's consent page, played by a route: it approves at once and sends back a code. */
  const approveAtCoinbase = (context: BrowserContext, baseURL: string) =>
    context.route('https://login.coinbase.com/**', (route) => {
      const state = new URL(route.request().url()).searchParams.get('state')!;
      return route.fulfill({
        status: 302,
        headers: {
          location: `${baseURL}/api/v1/auth/coinbase/callback?code=e2e-code&state=${encodeURIComponent(state)}`,
        },
      });
    });

  test('authorize → callback exchanges the code → the one-time code signs in, never seen by tracking', async ({
    page,
    baseURL,
  }) => {
    await approveAtCoinbase(page.context(), baseURL!);
    const reported: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/v1\/(users\/route|logs\/error)/.test(request.url())) {
        reported.push(request.postData() ?? '');
      }
    });
    await page.goto('/?modal=auth&tab=1');
    await page.getByRole('button', { name: 'Coinbase', exact: true }).click();
    await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page).not.toHaveURL(/access_token/);
    await page.goto('/account-management/my-account');
    await expect(page.getByTestId('profile-summary')).toContainText('Coinbase');
    // Route tracking ran (the player is signed in) and never carried the code.
    expect(reported.length).toBeGreaterThan(0);
    expect(reported.join('\n')).not.toContain('access_token');
    expect(await page.evaluate(() => window.history.length >= 1 && location.href)).not.toContain(
      'access_token',
    );
  });

  test("a link with someone else's code switches nobody: not a signed-in player, not a guest", async ({
    browser,
    page,
    baseURL,
  }) => {
    // The attacker runs a real Coinbase sign-in in their own browser and keeps the code instead
    // of letting their browser use it.
    const attacker = await browser.newContext({ baseURL });
    let state = '';
    await attacker.route('https://login.coinbase.com/**', (route) => {
      state = new URL(route.request().url()).searchParams.get('state')!;
      return route.fulfill({ status: 204 });
    });
    const attackerPage = await attacker.newPage();
    await attackerPage.goto('/?modal=auth&tab=1');
    await attackerPage.getByRole('button', { name: 'Coinbase', exact: true }).click();
    await expect.poll(() => state, { timeout: 30_000 }).not.toBe('');
    const callback = await attacker.request.get(
      `/api/v1/auth/coinbase/callback?code=e2e-code&state=${encodeURIComponent(state)}`,
      { maxRedirects: 0 },
    );
    const stolen = new URL(callback.headers().location!).searchParams.get('access_token')!;
    expect(stolen).toBeTruthy();
    await attacker.close();

    // A signed-in victim opens the link: still themselves.
    const email = uniqueEmail('csrf');
    const { token, getStreamToken } = await apiPlayer(page.request, email);
    await page.addInitScript(
      (tokens) => {
        localStorage.setItem('accessToken', tokens.token);
        localStorage.setItem('getStreamToken', tokens.getStreamToken);
      },
      { token, getStreamToken },
    );
    await page.goto(`/?access_token=${stolen}`);
    await expect(page).not.toHaveURL(/access_token/);
    await page.goto('/account-management/my-account');
    await expect(page.getByTestId('profile-summary')).toContainText(email);

    // A guest opens it: the code belongs to the attacker's browser and signs nobody in.
    const guestContext = await browser.newContext({ baseURL });
    const guest = await guestContext.newPage();
    await guest.goto(`/?access_token=${stolen}`);
    await expect(guest.getByTestId('notice')).toContainText('Coinbase', { timeout: 30_000 });
    await expect(guest.getByRole('button', { name: /^Account menu for/ })).toBeHidden();
    await guestContext.close();
  });

  test('a refused code comes back to the sign-in modal without a token', async ({
    page,
    baseURL,
  }) => {
    await page.goto(`${baseURL}/api/v1/auth/coinbase/callback?code=wrong&state=forged`);
    await expect(page).toHaveURL(/modal=auth/);
    expect(page.url()).not.toContain('access_token');
  });
});

/**
 * accounts.google.com cannot be reached here: its Identity Services script is played by a route that
 * draws a button and answers with the token the test's `__e2eGoogleCredential` makes for the
 * client id the page initialised it with.
 */
function playGoogleIdentityServices(page: Page) {
  return page.context().route('https://accounts.google.com/gsi/client**', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `window.google = { accounts: { id: {
        initialize(cfg) { window.__gsi = cfg; },
        renderButton(el) {
          const b = document.createElement('button');
          b.type = 'button'; b.textContent = 'Continue with Google'; b.dataset.testid = 'gsi-button';
          b.onclick = async () => window.__gsi.callback({ credential: await window.__e2eGoogleCredential(window.__gsi.client_id), select_by: 'btn' });
          el.appendChild(b);
        },
        prompt() {}, cancel() {}, disableAutoSelect() {},
      } } };`,
    }),
  );
}

test.describe('Google', () => {
  test.describe.configure({ mode: 'serial' });
  let jwks: Server;
  let privateKey: CryptoKey;

  test.beforeAll(async () => {
    // Google's key set, played locally: the server fetches it from GOOGLE_JWKS_URL.
    const pair = await generateKeyPair('RS256', { extractable: true });
    privateKey = pair.privateKey as CryptoKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'e2e-key', alg: 'RS256', use: 'sig' };
    jwks = createServer((_req, res) => {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => jwks.listen(E2E_JWKS_PORT, '127.0.0.1', resolve));
  });
  test.afterAll(() => jwks.close());

  test('the Google button hands over an ID token the platform verifies', async ({ page }) => {
    const email = `g.${Date.now()}@example.com`;
    await page.exposeFunction('__e2eGoogleCredential', (aud: string) =>
      new SignJWT({ email, email_verified: true, name: 'G Player' })
        .setProtectedHeader({ alg: 'RS256', kid: 'e2e-key' })
        .setIssuer('https://accounts.google.com')
        .setAudience(aud)
        .setSubject(`sub-${email}`)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(privateKey),
    );
    await playGoogleIdentityServices(page);
    await page.goto('/?modal=auth&tab=1');
    await page.getByTestId('gsi-button').click();
    await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
    await page.goto('/account-management/my-account');
    await expect(page.getByTestId('profile-summary')).toContainText('Google');
  });

  test('a token for another client is refused with the Google message', async ({ page }) => {
    await page.exposeFunction('__e2eGoogleCredential', () =>
      new SignJWT({ email: 'x@example.com', email_verified: true })
        .setProtectedHeader({ alg: 'RS256', kid: 'e2e-key' })
        .setIssuer('https://accounts.google.com')
        .setAudience('another-client')
        .setSubject('sub-x')
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(privateKey),
    );
    await playGoogleIdentityServices(page);
    await page.goto('/?modal=auth&tab=1');
    await page.getByTestId('gsi-button').click();
    await expect(page.getByRole('dialog').getByRole('alert')).toHaveText(
      'The Google sign-in could not be verified.',
    );
    expect(E2E_GOOGLE_CLIENT_ID).toContain('e2e');
  });
});

test.describe('WalletConnect', () => {
  test('a phone wallet scans the QR code, approves and signs; the player is signed in', async ({
    page,
  }) => {
    // Two SDK clients pairing over the relay, then the sign-in: slow on two shared cores.
    test.setTimeout(120_000);
    // The phone wallet: the WalletConnect SDK in this process, with a real key, on the same relay.
    const account = privateKeyToAccount(generatePrivateKey());
    const wallet = await phoneWallet({
      address: account.address,
      chainId: 1,
      methods: ['personal_sign'],
      answer: async (_method, [raw]) => {
        if (!isHex(raw)) throw new Error('personal_sign takes hex');
        return account.signMessage({ message: { raw } });
      },
    });

    await page.goto('/?modal=auth&tab=1');
    await page.getByRole('button', { name: 'WalletConnect', exact: true }).click();
    const qr = page.getByTestId('walletconnect-qr');
    await expect(qr.getByRole('img')).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page, 'WalletConnect QR');
    const uri = (await qr.getAttribute('data-uri'))!;
    expect(uri).toMatch(/^wc:/);
    await wallet.pair(uri);
    await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible({
      timeout: 20_000,
    });
    await page.goto('/account-management/my-account');
    await expect(page.getByTestId('profile-summary')).toContainText('Walletconnect');
    // Signing out a WalletConnect player reloads to the language root (spec §4).
    await page.goto('/es/promotions');
    await page.getByRole('button', { name: /^Menú de la cuenta de/ }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/es$/);
    await wallet.close();
  });
});
