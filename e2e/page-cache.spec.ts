import { request as playwrightRequest, type Browser } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { apiPlayer, uniqueEmail } from './auth-helpers';
import { expect, test } from './fixtures';
import { watchCspViolations } from './helpers';
import { startOwnServer } from './own-server';

/**
 * The rendered-page cache in server.ts (lib/serve/html-cache.ts), against a real server of its own
 * (the shared e2e server caches too, but its pages are warm from other tests: here the first answer
 * is always a miss).
 */
let server: ChildProcess;
let origin: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ({ server, origin } = await startOwnServer({
    port: 3170 + test.info().workerIndex,
    env: { DEV_OUTBOX: 'true', HTML_CACHE_TTL_MS: '10000' },
  }));
});
test.afterAll(() => {
  server.kill('SIGTERM');
});

const cachedServer = () => playwrightRequest.newContext({ baseURL: origin });
const cspNonce = (csp: string | undefined) => csp?.match(/'nonce-([^']+)'/)?.[1] ?? '';
const withoutNonce = (html: string, nonce: string) => html.replaceAll(nonce, 'N');

test('a cached page gets a fresh nonce and every header the first answer had', async () => {
  const request = await cachedServer();
  const answers = [];
  for (let i = 0; i < 3; i += 1) {
    const response = await request.get('/promotions', {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(response.status()).toBe(200);
    answers.push({ headers: response.headers(), html: await response.text() });
  }
  const nonces = answers.map((a) => cspNonce(a.headers['content-security-policy']));
  expect(new Set(nonces).size).toBe(3);
  expect(answers.slice(1).map((a) => a.headers['x-html-cache'])).toContain('hit');
  // Headers as a comparable list, each answer's own nonce written as N.
  const comparable = ({ headers }: { headers: Record<string, string> }, nonce: string) =>
    Object.entries(headers)
      .filter(([n]) => !['date', 'x-html-cache', 'content-length', 'transfer-encoding'].includes(n))
      .map(([n, v]) => `${n}: ${v.replaceAll(nonce, 'N')}`)
      .sort();
  const expected = comparable(answers[0]!, nonces[0]!);
  for (const [i, answer] of answers.entries()) {
    const nonce = nonces[i]!;
    // Every nonce in the page is the one its header allows; none of another answer's.
    const inPage = new Set([...answer.html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
    expect([...inPage]).toEqual([nonce]);
    for (const other of nonces.filter((n) => n !== nonce)) expect(answer.html).not.toContain(other);
    expect(comparable(answer, nonce)).toEqual(expected);
  }
  await request.dispose();
});

async function signedInPage(
  browser: Browser,
  headers: Record<string, string> | undefined,
  tokens: { token: string; getStreamToken: string },
) {
  // The test's own caller address (e2e/fixtures.ts), as its default context has.
  const context = await browser.newContext({ extraHTTPHeaders: headers, baseURL: origin });
  await context.addInitScript(({ token, getStreamToken }) => {
    window.localStorage.setItem('accessToken', token);
    window.localStorage.setItem('getStreamToken', getStreamToken);
  }, tokens);
  return { context, page: await context.newPage() };
}

test('two signed-in players get the same page from the server; each sees only their own account', async ({
  browser,
  extraHTTPHeaders,
}) => {
  const request = await cachedServer();
  const emails = [uniqueEmail('cache-a'), uniqueEmail('cache-b')];
  const players = [];
  for (const email of emails) players.push(await apiPlayer(request, email));
  const pages = [];
  for (const player of players) {
    const { context, page } = await signedInPage(browser, extraHTTPHeaders, player);
    const refused = watchCspViolations(page);
    const response = await page.goto('/casino');
    const headers = response!.headers();
    const html = await response!.text();
    await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    const name = (await page.getByTestId('user-menu-name').textContent()) ?? '';
    pages.push({ context, html, name, nonce: cspNonce(headers['content-security-policy']) });
    expect(refused).toEqual([]);
  }
  // Each browser shows its own player, fetched with its own token (usernames come from the email).
  const [a, b] = pages as [(typeof pages)[0], (typeof pages)[0]];
  expect(a.name).toMatch(/^cachea/);
  expect(b.name).toMatch(/^cacheb/);
  // The server's HTML names neither player; the cached copy differs from the first only by nonce.
  for (const { html } of pages) {
    for (const { name } of pages) expect(html).not.toContain(name);
    for (const email of emails) expect(html).not.toContain(email);
  }
  expect(a.nonce).not.toBe(b.nonce);
  expect(withoutNonce(b.html, b.nonce)).toBe(withoutNonce(a.html, a.nonce));
  for (const { context } of pages) await context.close();
  await request.dispose();
});
