import { expect, test } from './fixtures';
import { io } from 'socket.io-client';
import { baseURL } from '../playwright.config';

test('Languages config lists the twelve languages', async ({ request }) => {
  const response = await request.get('/api/v1/config/languages');
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.code).toBe('success');
  expect(body.data).toHaveLength(12);
  expect(body.data[0]).toEqual({
    abbreviatedCode: 'en',
    nameOfTheLanguage: 'English',
    flag: '/flags/gb.svg',
    direction: 'ltr',
  });
});

test('the OpenAPI document and health respond', async ({ request }) => {
  const doc = await (await request.get('/api/v1/openapi.json')).json();
  expect(doc.openapi).toBe('3.1.0');
  expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/health', '/config/languages']));
  const health = await (await request.get('/api/v1/health')).json();
  expect(health.data).toMatchObject({ status: 'ok', database: { ok: true } });
});

test('a client mistake on the API is a JSON 4xx', async ({ request }) => {
  const response = await request.get('/api/v1/does-not-exist', {
    headers: { 'accept-language': 'ja' },
  });
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({
    code: 'NOT_FOUND',
    error: { message: '見つかりません。' },
  });
});

test('the socket accepts the site origin and refuses others', async () => {
  const connect = (origin: string) =>
    new Promise<'connected' | 'refused'>((resolve) => {
      const socket = io(baseURL, {
        transports: ['polling'],
        extraHeaders: { origin },
        reconnection: false,
        timeout: 5000,
      });
      socket.on('connect', () => {
        socket.close();
        resolve('connected');
      });
      socket.on('connect_error', () => {
        socket.close();
        resolve('refused');
      });
    });
  expect(await connect(baseURL)).toBe('connected');
  expect(await connect('https://evil.example')).toBe('refused');
});

test('crawlers get a sitemap per language with the catalog and the editors’ pages, and a robots file', async ({
  request,
}) => {
  const index = await (await request.get('/sitemap.xml')).text();
  expect(index).toContain('<sitemapindex');
  expect(index).toContain(`<loc>${baseURL}/sitemaps/ar.xml</loc>`);
  const en = await (await request.get('/sitemaps/en.xml')).text();
  expect(en).toContain(`<loc>${baseURL}/</loc>`);
  expect(en).toContain(`hreflang="ja" href="${baseURL}/ja"`);
  expect(en).toContain(`hreflang="x-default" href="${baseURL}/"`);
  for (const path of ['/promotions/welcome-package', '/help/deposit-crypto', '/legal/terms']) {
    expect(en).toContain(`<loc>${baseURL}${path}</loc>`);
  }
  expect(en).toMatch(new RegExp(`<loc>${baseURL}/casino/games/[a-z0-9-]+</loc>`));
  expect(en).toMatch(new RegExp(`<loc>${baseURL}/providers/[a-z0-9-]+</loc>`));
  const ar = await (await request.get('/sitemaps/ar.xml')).text();
  expect(ar).toContain(`<loc>${baseURL}/ar/help/deposit-crypto</loc>`);
  expect(ar).not.toContain(`<loc>${baseURL}/help/`);
  expect((await request.get('/sitemaps/xx.xml')).status()).toBe(404);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /api/');
  expect(robots).toContain('Disallow: /de/account-management/');
  expect(robots).toContain('Disallow: /*?q=');
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});
