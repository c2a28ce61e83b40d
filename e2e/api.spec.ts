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

test('crawlers get a sitemap of every language and a robots file', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`<loc>${baseURL}/</loc>`);
  expect(sitemap).toContain(`<loc>${baseURL}/ar</loc>`);
  expect(sitemap).toContain(`hreflang="ja" href="${baseURL}/ja"`);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /api/');
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});
