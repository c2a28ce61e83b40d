import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { createHtmlCache, type HtmlCache } from '@/lib/serve/html-cache';
import { createNonce } from '@/lib/security/csp';

/**
 * The page cache in front of Next, against a stand-in that answers the way Next and the proxy do:
 * a nonce per render in the CSP header, in script and style tags and in the RSC payload, headers
 * set before `writeHead`, the body in several writes.
 */
type Render = (req: IncomingMessage, res: ServerResponse, nonce: string) => void;

const page: Render = (req, res, nonce) => {
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader(
    'Content-Security-Policy',
    `default-src 'self'; script-src 'self' 'nonce-${nonce}' 'strict-dynamic'; style-src-elem 'self' 'nonce-${nonce}'`,
  );
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Link', '<http://localhost/es>; rel="alternate"; hreflang="es"');
  res.setHeader('Vary', 'rsc, Accept-Encoding');
  res.writeHead(200);
  res.write(`<html><head><style nonce="${nonce}">b{}</style><script nonce="${nonce}"></script>`);
  res.write(`<body>${req.url} ${req.headers.cookie ?? ''}`);
  res.end(
    `<script nonce="${nonce}">self.__next_f.push([1,"{\\"nonce\\":\\"${nonce}\\"}"])</script>`,
  );
};

let server: Server;
let origin: string;
let cache: HtmlCache;
let renders: number;
let render: Render;
let clock: number;

function start(ttlMs = 10_000, maxEntries?: number, maxTotalBytes?: number): Promise<void> {
  renders = 0;
  clock = 1_000_000;
  cache = createHtmlCache({ ttlMs, maxEntries, maxTotalBytes, createNonce, now: () => clock });
  server = createServer((req, res) => {
    void cache.handle(req, res, async () => {
      renders += 1;
      // Like Next: the render takes a moment and finishes after the handler was called.
      await new Promise((r) => setTimeout(r, 20));
      render(req, res, createNonce());
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

beforeEach(async () => {
  render = page;
  await start();
});
afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(origin + path, { headers, redirect: 'manual' });

function noncesOf(html: string): string[] {
  return [...html.matchAll(/nonce="([^"]+)"|\\"nonce\\":\\"([^\\]+)\\"/g)].map(
    (m) => m[1] ?? m[2] ?? '',
  );
}

function cspNonce(response: Response): string {
  return response.headers.get('content-security-policy')?.match(/'nonce-([^']+)'/)?.[1] ?? '';
}

describe('the page cache in front of Next', () => {
  it('serves a page once rendered with a fresh nonce in every copy, never the same twice', async () => {
    type Body = { html: string; nonce: string; state: string | null };
    const bodies: Body[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await get('/casino?tab=slots');
      bodies.push({
        html: await response.text(),
        nonce: cspNonce(response),
        state: response.headers.get('x-html-cache'),
      });
    }
    expect(renders).toBe(1);
    expect(bodies.map((b) => b.state)).toEqual(['miss', 'hit', 'hit', 'hit']);
    const nonces = bodies.map((b) => b.nonce);
    expect(new Set(nonces).size).toBe(4);
    for (const { html, nonce } of bodies) {
      // Four copies in the body (style, two scripts, the payload), each the header's.
      expect(noncesOf(html)).toEqual([nonce, nonce, nonce, nonce]);
      // Two in the header's policy (scripts and styles).
      for (const other of nonces.filter((n) => n !== nonce)) expect(html).not.toContain(other);
    }
    const [first, , , last] = bodies as [Body, Body, Body, Body];
    expect(last.html.replaceAll(last.nonce, 'N')).toBe(first.html.replaceAll(first.nonce, 'N'));
  });

  it('gives a hit every header the miss had', async () => {
    const plain = { 'accept-encoding': 'identity' };
    const miss = await get('/promotions', plain);
    const hit = await get('/promotions', plain);
    expect(hit.headers.get('x-html-cache')).toBe('hit');
    const comparable = (r: Response) =>
      [...r.headers]
        .filter(
          ([name]) => !['date', 'x-html-cache', 'content-length', 'keep-alive'].includes(name),
        )
        .map(([name, value]) => [name, value.replaceAll(cspNonce(r), 'N')]);
    expect(comparable(hit)).toEqual(comparable(miss));
    expect(hit.headers.get('content-security-policy')).toContain(`'nonce-${cspNonce(hit)}'`);
    expect(Number(hit.headers.get('content-length'))).toBe((await hit.arrayBuffer()).byteLength);
  });

  it('compresses for browsers that accept gzip, from the same entry', async () => {
    await get('/');
    const response = await fetch(origin + '/', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('x-html-cache')).toBe('hit');
    expect(renders).toBe(1);
  });

  it.each([
    ['a referral link', '/?ref=FRIEND'],
    ['a sign-in code', '/?access_token=abc'],
    ['a confirmation code', '/?code=123456'],
    ['an unknown parameter', '/casino?tab=slots&utm_source=x'],
    ['the API', '/api/v1/health'],
    ['a file', '/favicon.ico'],
    ['the development outbox', '/dev/outbox'],
    ['a localized development page', '/es/dev/outbox'],
  ])('never keeps %s', async (_, path) => {
    await get(path);
    await get(path);
    expect(renders).toBe(2);
  });

  it.each([
    ['a client navigation (RSC)', { rsc: '1' }],
    ['a prefetch', { 'next-router-prefetch': '1' }],
    ['a server action', { 'next-action': 'abc' }],
    ['an editor in draft mode', { cookie: '__prerender_bypass=on' }],
  ])('never answers %s from the cache', async (_, headers) => {
    await get('/casino');
    await get('/casino', headers);
    expect(renders).toBe(2);
  });

  it('never answers a POST from the cache', async () => {
    await get('/');
    await fetch(origin + '/', { method: 'POST', body: 'x' });
    expect(renders).toBe(2);
  });

  it('keeps one copy per display settings and country, and made-up cookies share the default', async () => {
    const dark = 'display-settings=' + encodeURIComponent('{"themeMode":"dark"}');
    const light = 'display-settings=' + encodeURIComponent('{"themeMode":"light"}');
    await get('/', { cookie: dark });
    await get('/', { cookie: light });
    expect(renders).toBe(2);
    const lightAgain = await get('/', { cookie: light });
    expect(lightAgain.headers.get('x-html-cache')).toBe('hit');
    expect(await lightAgain.text()).toContain('light');
    await get('/', { 'cf-ipcountry': 'BR' });
    expect(renders).toBe(3);
    // Dark is the default: made-up values get the copy the dark cookie made.
    await get('/', { cookie: 'display-settings=garbage-1' });
    await get('/', { cookie: 'display-settings=garbage-2' });
    expect(renders).toBe(3);
  });

  it('sends a signed-in player the same page as a guest: the render reads no player', async () => {
    // The page cache keys on nothing of a player: anything a player sends (their token, other
    // cookies) reaches the render only on a miss, and the site's pages never read it.
    const playerA = await get('/', { authorization: 'Bearer token-of-a', cookie: 'other=a' });
    const htmlA = await playerA.text();
    const playerB = await get('/', { authorization: 'Bearer token-of-b', cookie: 'other=b' });
    expect(playerB.headers.get('x-html-cache')).toBe('hit');
    const htmlB = await playerB.text();
    expect(htmlB.replaceAll(cspNonce(playerB), 'N')).toBe(htmlA.replaceAll(cspNonce(playerA), 'N'));
  });

  it('passes through and never keeps redirects, errors, cookies and other types', async () => {
    const variants: Render[] = [
      (_, res) => res.writeHead(307, { Location: '/es' }).end(),
      (_, res) => res.writeHead(404, { 'Content-Type': 'text/html' }).end('<p>missing</p>'),
      (_, res, nonce) => {
        res.setHeader('Set-Cookie', 'ref=FRIEND; Path=/');
        page(_, res, nonce);
      },
      (_, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}'),
    ];
    for (const variant of variants) {
      render = variant;
      renders = 0;
      cache.clear();
      const first = await get('/');
      const second = await get('/');
      expect(renders).toBe(2);
      expect(first.headers.get('x-html-cache')).toBeNull();
      expect(second.status).toBe(first.status);
      const same = (html: string) => html.replace(/nonce(=\\?"|\\":\\")[^"\\]+/g, 'N');
      expect(same(await second.text())).toBe(same(await first.text()));
    }
    render = (_, res) => res.writeHead(307, { Location: '/es' }).end();
    expect((await get('/')).headers.get('location')).toBe('/es');
    render = (_, res, nonce) => {
      res.setHeader('Set-Cookie', 'ref=FRIEND; Path=/');
      page(_, res, nonce);
    };
    expect((await get('/')).headers.get('set-cookie')).toContain('ref=FRIEND');
  });

  it('passes a large streamed answer through intact when the render wraps the response itself', async () => {
    // Like Next: wraps res.write after the cache did, flushes headers, pipes with backpressure.
    const big = 'x'.repeat(200_000);
    render = (_, res) => {
      const write = res.write;
      res.write = ((...args: Parameters<typeof res.write>) =>
        write.apply(res, args)) as typeof res.write;
      res.statusCode = 404;
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.flushHeaders();
      Readable.from([big.slice(0, 100_000), big.slice(100_000)]).pipe(res);
    };
    const response = await get('/missing');
    expect(response.status).toBe(404);
    expect((await response.text()).length).toBe(200_000);
  });

  it('sends a kept page whole when the render ends the response twice', async () => {
    render = (req, res, nonce) => {
      page(req, res, nonce);
      // Next ends again when it does not see the response finished yet.
      if (!res.writableFinished) res.end();
    };
    const miss = await get('/twice');
    expect(await miss.text()).toContain('__next_f');
    const hit = await get('/twice');
    expect(hit.headers.get('x-html-cache')).toBe('hit');
    expect(await hit.text()).toContain('__next_f');
  });

  it('renders a page once for many callers at the same moment', async () => {
    const responses = await Promise.all(Array.from({ length: 8 }, () => get('/casino')));
    expect(renders).toBe(1);
    const states = responses.map((r) => r.headers.get('x-html-cache')).sort();
    expect(states).toEqual(['hit', 'hit', 'hit', 'hit', 'hit', 'hit', 'hit', 'miss']);
    expect(new Set(responses.map(cspNonce)).size).toBe(8);
  });

  it('renders again once the page is older than its time to live', async () => {
    await get('/');
    clock += 9_999;
    await get('/');
    expect(renders).toBe(1);
    clock += 2;
    expect((await get('/')).headers.get('x-html-cache')).toBe('miss');
    expect(renders).toBe(2);
  });

  it('holds a bounded number of pages, dropping the least recently used', async () => {
    server.close();
    await start(10_000, 2);
    await get('/a');
    await get('/b');
    await get('/a');
    await get('/c'); // drops /b
    expect(cache.size()).toBe(2);
    expect((await get('/a')).headers.get('x-html-cache')).toBe('hit');
    expect((await get('/b')).headers.get('x-html-cache')).toBe('miss');
  });

  it('holds a bounded number of bytes, dropping the least recently used', async () => {
    server.close();
    await start();
    const pageBytes = Buffer.byteLength(await (await get('/x')).text());
    server.close();
    // Room for two pages of this size, not three.
    await start(10_000, 100, pageBytes * 2 + pageBytes / 2);
    await get('/x');
    await get('/y');
    await get('/z'); // drops /x
    expect(cache.size()).toBe(2);
    expect(cache.bytes()).toBeLessThanOrEqual(pageBytes * 2 + pageBytes / 2);
    expect((await get('/x')).headers.get('x-html-cache')).toBe('miss');
    expect((await get('/z')).headers.get('x-html-cache')).toBe('hit');
  });

  it('is off with a time to live of zero', async () => {
    server.close();
    await start(0);
    await get('/');
    await get('/');
    expect(renders).toBe(2);
  });
});

describe('content invalidation', () => {
  it('drops exactly the pages that showed the changed document', async () => {
    // Like lib/content: each page records the documents its render read.
    const { addRenderTags } = await import('@/lib/serve/render-tags');
    render = (req, res, nonce) => {
      addRenderTags('content:footer:en');
      if (req.url === '/promotions') addRenderTags('content:promotion:en');
      page(req, res, nonce);
    };
    await get('/');
    await get('/promotions');
    expect(renders).toBe(2);
    expect(cache.invalidate(['content:promotion:en'])).toBe(1);
    expect((await get('/')).headers.get('x-html-cache')).toBe('hit');
    expect((await get('/promotions')).headers.get('x-html-cache')).toBe('miss');
    expect(cache.invalidate(['content:footer:en'])).toBe(2);
    expect((await get('/')).headers.get('x-html-cache')).toBe('miss');
  });

  it('does not keep a page whose document changed while it rendered', async () => {
    const { addRenderTags } = await import('@/lib/serve/render-tags');
    let changeWhileRendering = true;
    render = (req, res, nonce) => {
      addRenderTags('content:footer:en');
      // The webhook lands while this render is under way (not a timer: a loaded machine would
      // let the request arrive after it, and the render would then rightly be kept).
      if (changeWhileRendering) cache.invalidate(['content:footer:en']);
      changeWhileRendering = false;
      page(req, res, nonce);
    };
    await (await get('/')).text();
    expect((await get('/')).headers.get('x-html-cache')).toBe('miss');
    expect((await get('/')).headers.get('x-html-cache')).toBe('hit');
  });
});

it('renews the nonce in every header that names it (the Link header’s preloads too)', async () => {
  render = (_req, res, nonce) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Security-Policy', `script-src 'nonce-${nonce}'`);
    res.setHeader('Link', `</_next/static/a.css>; rel=preload; as="style"; nonce="${nonce}"`);
    res.writeHead(200);
    res.end(`<html><script nonce="${nonce}"></script></html>`);
  };
  const first = await get('/styled');
  const second = await get('/styled');
  expect(second.headers.get('x-html-cache')).toBe('hit');
  for (const answer of [first, second]) {
    expect(answer.headers.get('link')).toBe(
      `</_next/static/a.css>; rel=preload; as="style"; nonce="${cspNonce(answer)}"`,
    );
  }
  expect(cspNonce(first)).not.toBe(cspNonce(second));
});
