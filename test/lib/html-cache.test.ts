import {
  createServer,
  get as httpGet,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { Readable } from 'node:stream';
import { createApartRenderer } from '@/lib/serve/apart-render';
import { createHtmlCache, type HtmlCache } from '@/lib/serve/html-cache';
import { collectRenderTags } from '@/lib/serve/render-tags';
import { createNonce } from '@/lib/security/csp';

/**
 * The page cache in front of Next, against a stand-in that answers the way Next and the proxy do:
 * a nonce per render in the CSP header, in script and style tags and in the RSC payload, headers
 * set before `writeHead`, the body in several writes.
 */
type Render = (req: IncomingMessage, res: ServerResponse, nonce: string) => unknown;

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

function start(
  ttlMs = 10_000,
  maxEntries?: number,
  maxTotalBytes?: number,
  renderTimeoutMs?: number,
): Promise<void> {
  renders = 0;
  clock = 1_000_000;
  // As server.ts does: pages rendered apart over loopback (here, this same server), a render that
  // throws answered 500, the render's content documents collected.
  const apart = createApartRenderer({
    target: () => server,
    capMs: (renderTimeoutMs ?? 10_000) * 6,
  });
  cache = createHtmlCache({
    ttlMs,
    maxEntries,
    maxTotalBytes,
    renderTimeoutMs,
    renderApart: apart.render,
    createNonce,
    now: () => clock,
  });
  const renderHere = async (req: IncomingMessage, res: ServerResponse) => {
    renders += 1;
    // Like Next: the render takes a moment and finishes after the handler was called.
    await new Promise((r) => setTimeout(r, 20));
    await render(req, res, createNonce());
  };
  server = createServer((req, res) => {
    const failed = () => {
      if (!res.headersSent) res.writeHead(500).end();
    };
    const tags = apart.claim(req);
    if (tags) {
      collectRenderTags(tags, () => renderHere(req, res)).catch(failed);
      return;
    }
    cache.handle(req, res, () => renderHere(req, res)).catch(failed);
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

async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((r) => setTimeout(r, 5));
}

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
    const plain = await get('/', { 'accept-encoding': 'identity' });
    const html = await plain.text();
    const response = await fetch(origin + '/', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('x-html-cache')).toBe('hit');
    expect(renders).toBe(1);
    // Compressed a single time, each copy is that compression with its own nonce written in.
    for (let i = 0; i < 3; i += 1) {
      const copy = await fetch(origin + '/', { headers: { 'accept-encoding': 'gzip' } });
      expect(copy.headers.get('content-encoding')).toBe('gzip');
      const nonce = cspNonce(copy);
      const text = await copy.text(); // checked against the gzip trailer's CRC and length
      expect(noncesOf(text)).toEqual([nonce, nonce, nonce, nonce]);
      expect(text.replaceAll(nonce, 'N')).toBe(html.replaceAll(cspNonce(plain), 'N'));
    }
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
    ['the back office', '/operator'],
    ['a back-office page', '/operator/sign-in'],
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

  it('renders a page once whatever host is named, and keeps no copy per host', async () => {
    // A host of the caller's choosing, as a client (not a browser) can send.
    const withHost = (host: string) =>
      new Promise<string | undefined>((resolve, reject) => {
        const { port } = new URL(origin);
        httpGet({ host: '127.0.0.1', port, path: '/promotions', headers: { host } }, (answer) => {
          answer.resume();
          answer.on('end', () => resolve(answer.headers['x-html-cache'] as string | undefined));
        }).on('error', reject);
      });
    const states = [];
    for (const host of ['evil.example', 'a.example:81', new URL(origin).host, 'b.example']) {
      states.push(await withHost(host));
    }
    expect(states).toEqual(['miss', 'hit', 'hit', 'hit']);
    expect(renders).toBe(1);
    expect(cache.size()).toBe(1);
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

  it('past its time to live, answers the copy at once while a new one renders; past twice, renders first', async () => {
    await get('/');
    clock += 9_999;
    await get('/');
    expect(renders).toBe(1);
    clock += 2;
    const stale = await get('/');
    expect(stale.headers.get('x-html-cache')).toBe('stale');
    expect(await stale.text()).toContain('__next_f');
    // The new copy rendered meanwhile, apart from anyone.
    for (let i = 0; i < 100 && renders < 2; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(renders).toBe(2);
    // Kept once rendered and compressed; until then the copy answers stale (and renders nothing
    // more: one render at a time per page). A loaded machine takes longer than a fixed wait.
    let state = '';
    for (let i = 0; i < 100 && state !== 'hit'; i += 1) {
      state = (await get('/')).headers.get('x-html-cache') ?? '';
      if (state !== 'hit') await new Promise((r) => setTimeout(r, 20));
    }
    expect(state).toBe('hit');
    expect(renders).toBe(2);
    // A copy older than two times to live is not answered: the visitor waits for the new one.
    clock += 20_001;
    expect((await get('/')).headers.get('x-html-cache')).toBe('miss');
    expect(renders).toBe(3);
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
    // What one kept page weighs: its bytes and its compressed copy (made before it is kept).
    await get('/x');
    const pageBytes = cache.bytes();
    server.close();
    // Room for two pages of this size, not three.
    await start(10_000, 100, pageBytes * 2 + pageBytes / 2);
    for (const path of ['/x', '/y', '/z']) {
      await get(path); // the third drops /x
    }
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

  it('never has a visitor after a change wait for a render that began before it', async () => {
    const { addRenderTags } = await import('@/lib/serve/render-tags');
    let version = 'old';
    let release!: () => void;
    const stalled = new Promise<void>((resolve) => (release = resolve));
    let underWay = false;
    render = async (req, res, nonce) => {
      addRenderTags('content:footer:en');
      const shown = version;
      if (!underWay) {
        underWay = true;
        await stalled; // the render under way when the webhook lands
      }
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Content-Security-Policy', `script-src 'nonce-${nonce}'`);
      res
        .writeHead(200)
        .end(`<html><body><script nonce="${nonce}"></script>${shown}</body></html>`);
    };
    const before = get('/');
    await until(() => underWay);
    version = 'new';
    cache.invalidate(['content:footer:en']);
    // Joining the render under way would answer only once it ended (here, never before release).
    const after = await Promise.race([
      get('/').then((r) => r.text()),
      new Promise<string>((r) => setTimeout(() => r('waited for the old render'), 3000)),
    ]);
    expect(after).toContain('new');
    expect(renders).toBe(2);
    release();
    expect(await (await before).text()).toContain('old');
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

describe('visitors who leave, renders that fail or stall (issue 32)', () => {
  /** Like Next: headers and a first chunk, then the rest later — and nothing more once the visitor left. */
  const stalling =
    (ms: number): Render =>
    async (req, res, nonce) => {
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Content-Security-Policy', `script-src 'nonce-${nonce}'`);
      res.writeHead(200);
      res.write(`<html><script nonce="${nonce}"></script>`);
      await new Promise((r) => setTimeout(r, ms));
      if (res.destroyed) return; // Next aborts its render and never ends the response
      res.end(`<body>${req.url}</body></html>`);
    };

  /** A visitor that sends the request and hangs up after `ms`, before any answer. */
  const leaveAfter = (path: string, ms: number) =>
    new Promise<void>((resolve) => {
      const socket = connect(Number(new URL(origin).port), '127.0.0.1', () => {
        // The host fetch sends too: the same page in the cache's eyes.
        const host = new URL(origin).host;
        socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nAccept-Encoding: gzip\r\n\r\n`);
        setTimeout(() => socket.destroy(), ms);
      });
      socket.on('close', () => resolve());
      socket.on('error', () => undefined);
    });

  /** `count` requests at once; each answer with its status, cache state and time taken. */
  const many = (path: string, count: number) =>
    Promise.all(
      Array.from({ length: count }, async () => {
        const started = performance.now();
        const response = await get(path);
        const body = await response.text();
        return {
          status: response.status,
          state: response.headers.get('x-html-cache'),
          ms: performance.now() - started,
          body,
        };
      }),
    );

  beforeEach(async () => {
    server.close();
    await start(10_000, undefined, undefined, 500);
  });

  it.each([
    ['before the render wrote anything', 5],
    ['after the render wrote its headers and a first chunk', 60],
  ])(
    'a visitor leaving %s costs no render: the page renders once, kept for the next',
    async (_, ms) => {
      render = stalling(150);
      await leaveAfter('/promotions', ms);
      const answers = await many('/promotions', 20);
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
      for (const answer of answers) expect(answer.body).toContain('/promotions</body>');
      // Rendered apart from the visitor who left, and kept: the twenty share it. Had the render
      // been dropped with its visitor, the twenty would have waited out the 500 ms timeout and
      // rendered on their own: more than one render, and misses. No clock is read for that, so a
      // loaded machine cannot fail it.
      expect(answers.filter((a) => a.state === 'miss')).toHaveLength(0);
      expect(renders).toBe(1);
    },
  );

  it('when the visitor whose render others joined leaves, they still get that render', async () => {
    // Not a test of the timeout: on a loaded machine the 150 ms render and its joiners' requests
    // have taken past this block's 500 ms, and the joiners then rendered on their own.
    server.close();
    await start(10_000, undefined, undefined, 5_000);
    render = stalling(150);
    const leaving = leaveAfter('/casino', 60);
    await new Promise((r) => setTimeout(r, 30));
    const answers = await many('/casino', 10);
    await leaving;
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.map((a) => a.state)).toEqual(Array(10).fill('hit'));
    expect(renders).toBe(1);
  });

  it('a render that throws answers 500 to its visitor and leaves the page free to render again', async () => {
    let fail = true;
    render = (req, res, nonce) => {
      if (fail) throw new Error('render failed');
      page(req, res, nonce);
    };
    const first = many('/vip-club', 5);
    const answers = await first;
    // The one that rendered got the error; those that joined it rendered on their own.
    expect(answers.map((a) => a.status).sort()).toEqual([500, 500, 500, 500, 500]);
    fail = false;
    const after = await get('/vip-club');
    expect(after.status).toBe(200);
    expect(after.headers.get('x-html-cache')).toBe('miss');
  });

  it('a render slower than the timeout reaches its own visitor whole, keeps nothing, and no one waits on it past the timeout', async () => {
    render = async (req, res, nonce) => {
      // Only the first render stalls.
      await stalling(renders === 1 ? 1_200 : 10)(req, res, nonce);
    };
    const slowStarted = performance.now();
    const slow = get('/slots').then(async (r) => ({
      status: r.status,
      state: r.headers.get('x-html-cache'),
      body: await r.text(),
      ms: performance.now() - slowStarted,
    }));
    await new Promise((r) => setTimeout(r, 50));
    const [joined] = await many('/slots', 1);
    // It joined the slow render, left it at the deadline and rendered on its own.
    expect(joined!.status).toBe(200);
    expect(joined!.state).toBeNull();
    const first = await slow;
    // It did not wait for the slow one to finish (the clocks are read in the same process, so
    // a loaded machine delays both alike).
    expect(joined!.ms).toBeLessThan(first.ms);
    expect(first.status).toBe(200);
    expect(first.ms).toBeGreaterThanOrEqual(1_200);
    expect(first.state).toBeNull(); // its own render, late: handed on, not kept
    expect(first.body).toContain('/slots</body></html>');
    // Nothing was kept from either: the next visitor's page is a new render, which is kept.
    expect((await get('/slots')).headers.get('x-html-cache')).toBe('miss');
    expect((await get('/slots')).headers.get('x-html-cache')).toBe('hit');
    expect(renders).toBe(3);
  });

  it('a render that never writes a byte does not hold anyone past the timeout', async () => {
    render = async () => new Promise(() => undefined); // a render stuck for good
    const answers = Promise.all([get('/stuck'), get('/stuck')].map((p) => p.catch(() => null)));
    await new Promise((r) => setTimeout(r, 1_200));
    // Both renders are stuck; neither request waits on the other's: each has its own render now.
    expect(renders).toBe(2);
    render = page;
    const fine = await get('/stuck');
    expect(fine.status).toBe(200);
    server.closeAllConnections();
    await answers;
  });

  it('renders a page once for 200 first requests at the same moment', async () => {
    // The default render timeout (10 s), not this block's 500 ms: with 200 connections opening on
    // a loaded machine the one render can take longer than that, and the waiters would rightly
    // stop waiting for it — a timeout, which the tests above cover, not coalescing.
    server.close();
    await start();
    const answers = await many('/sports', 200);
    expect(renders).toBe(1);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.state === 'miss')).toHaveLength(1);
  });
});
