import { expect, type APIRequestContext, type Page } from '@playwright/test';
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import type { Hex } from 'viem';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';

let counter = 0;
/** A unique address per test run, so tests never collide on the shared server. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}.${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** The latest code the development outbox holds for a recipient. */
export async function codeFor(request: APIRequestContext, recipient: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      // A reused keep-alive connection can be reset by the server: ask again on the next poll.
      const answer = await request
        .get('/api/v1/dev/outbox')
        .then((r) => r.json())
        .catch(() => ({ data: [] }));
      const message = (answer.data as { recipient: string; body: string }[]).find(
        (m) => m.recipient === recipient,
      );
      code = message?.body.match(/\b(\d{6})\b/)?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
}

export async function signUpByEmail(page: Page, email: string, password = 'secret123') {
  await page.getByTestId('tab-sign-up').click();
  await page.getByTestId('sign-up-form').getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByTestId('sign-up-form').getByLabel('Password', { exact: true }).fill(password);
  // The terms start unticked: the player ticks them.
  await page
    .getByTestId('sign-up-form')
    .getByRole('checkbox', { name: /accept the terms and conditions/ })
    .check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('activation-step')).toBeVisible({ timeout: 30_000 });
  await page
    .getByRole('textbox', { name: 'Activation code' })
    .fill(await codeFor(page.request, email));
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
}

export async function signInByEmail(page: Page, email: string, password: string) {
  const form = page.getByTestId('sign-in-form');
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('dialog').getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** An activated player made through the API, as a second browser would. */
export async function apiPlayer(
  request: APIRequestContext,
  email: string,
  password = 'secret123',
  language = 'en',
) {
  const { solveChallenge } = await import('altcha-lib');
  const { deriveKey } = await import('altcha-lib/algorithms/pbkdf2');
  const challenge = (await (await request.get('/api/v1/auth/captcha')).json()).data;
  const solution = await solveChallenge({ challenge, deriveKey });
  const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const registered = await request.post('/api/v1/auth/register', {
    data: { isEmail: true, email, password, repeatPassword: password, language, captcha },
  });
  expect(registered.status()).toBe(200);
  const activated = await request.post('/api/v1/auth/activate', {
    data: { type: 'email', contact: email, code: await codeFor(request, email) },
  });
  return (await activated.json()).data as { token: string; getStreamToken: string };
}

/** The page starts signed in with these tokens (in localStorage before any page script runs). */
export async function keepTokens(page: Page, tokens: { token: string; getStreamToken: string }) {
  await page.addInitScript((t) => {
    localStorage.setItem('accessToken', t.token);
    localStorage.setItem('getStreamToken', t.getStreamToken);
  }, tokens);
}

/**
 * A new player signed in on `page` as the site keeps a session (tokens in localStorage, set before
 * any page script runs); with their id, read from the access token's subject.
 */
export async function signedIn(page: Page, label: string) {
  const tokens = await apiPlayer(page.request, uniqueEmail(label));
  await keepTokens(page, tokens);
  const claims = JSON.parse(Buffer.from(tokens.token.split('.')[1]!, 'base64url').toString());
  return { ...tokens, userId: String(claims.sub) };
}

/** window.ethereum as MetaMask injects it, backed by a real viem account in the test. */
export async function injectMetamask(page: Page) {
  const account = privateKeyToAccount(generatePrivateKey());
  await page.exposeFunction('__e2eSign', (raw: Hex) => account.signMessage({ message: { raw } }));
  await page.addInitScript((address) => {
    const listeners: Record<string, unknown[]> = {};
    (window as unknown as { ethereum: unknown }).ethereum = {
      isMetaMask: true,
      on: (event: string, fn: unknown) => (listeners[event] ??= []).push(fn),
      removeListener: () => undefined,
      request: async ({ method, params }: { method: string; params?: unknown[] }) => {
        if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [address];
        if (method === 'eth_chainId') return '0x1';
        if (method === 'personal_sign') {
          return (window as unknown as { __e2eSign: (raw: string) => Promise<string> }).__e2eSign(
            params![0] as string,
          );
        }
        throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 });
      },
    };
  }, account.address);
  return account;
}

/** window.phantom.solana backed by a real tweetnacl keypair. */
export async function injectPhantom(page: Page, { badSignature = false } = {}) {
  const pair = nacl.sign.keyPair();
  const publicKey = bs58.encode(pair.publicKey);
  await page.exposeFunction('__e2ePhantomSign', (bytes: number[]) => {
    const signer = badSignature ? nacl.sign.keyPair().secretKey : pair.secretKey;
    return Array.from(nacl.sign.detached(Uint8Array.from(bytes), signer));
  });
  await page.addInitScript((key) => {
    const provider = {
      isPhantom: true,
      connect: async () => ({ publicKey: { toString: () => key } }),
      signMessage: async (message: Uint8Array) => ({
        signature: Uint8Array.from(
          await (
            window as unknown as { __e2ePhantomSign: (b: number[]) => Promise<number[]> }
          ).__e2ePhantomSign(Array.from(message)),
        ),
      }),
    };
    (window as unknown as { phantom: unknown }).phantom = { solana: provider };
  }, publicKey);
  return publicKey;
}
