import { connect } from 'node:net';
import { apiStandIn, leaveEarly, startRealServer } from './helpers/real-server';

/**
 * The real server.ts, on the production build (issue 32): visitors who leave at every moment of
 * an answer, renders that throw or stall, a crowd's first visit, and the readiness call that
 * tells a load balancer when pages no longer render. The platform API the pages read on the
 * server is reached through API_BASE_URL, forwarded by a stand-in that can slow it down or make
 * it fail — how a real render is made slow or made to throw.
 */
const RENDER_TIMEOUT_MS = 3_000;
const api = apiStandIn();
let server: Awaited<ReturnType<typeof startRealServer>>;
let slugs: string[];

beforeAll(async () => {
  await new Promise<void>((resolve) => api.server.listen(0, '127.0.0.1', resolve));
  // Until the first page renders, the languages the layout reads arrive late: the readiness test.
  api.delay.set('/api/v1/config/languages', RENDER_TIMEOUT_MS * 2);
  server = await startRealServer({
    API_BASE_URL: api.url(),
    HTML_RENDER_TIMEOUT_MS: String(RENDER_TIMEOUT_MS),
    HTML_CACHE_TTL_MS: '30000',
  });
  api.target.origin = server.origin;
  const games = await fetch(`${server.origin}/api/v1/games?limit=12`).then((r) => r.json());
  slugs = (games as { data: { data: { slug: string }[] } }).data.data.map((g) => g.slug);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => api.server.close(() => resolve()));
});

type Answer = { status: number; state: string | null; ms: number; body: string };

async function visit(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(server.origin + path, { headers, redirect: 'manual' });
  const body = await response.text();
  return {
    status: response.status,
    state: response.headers.get('x-html-cache'),
    ms: performance.now() - started,
    body,
  };
}

/** A request that announces a body it never sends: resolves with the first thing answered. */
function leaveEarlyAnswer(path: string, method: string, headers: Record<string, string>) {
  return new Promise<string>((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1', () => {
      const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.write(`${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${lines.join('')}\r\n`);
      socket.write('x'.repeat(1024));
    });
    socket.once('data', (chunk) => {
      socket.destroy();
      resolve(chunk.toString('latin1'));
    });
    socket.setTimeout(5_000, () => reject(new Error('no answer within 5 s')));
    socket.on('error', reject);
  });
}

const crowd = (path: string, count: number) =>
  Promise.all(Array.from({ length: count }, () => visit(path)));

it('readiness fails while no page renders in time, though health still answers, and passes once pages render', async () => {
  const health = await fetch(`${server.origin}/api/v1/health`);
  expect(health.status).toBe(200);
  const started = performance.now();
  const stuck = await fetch(`${server.origin}/api/v1/health/ready`);
  const waited = performance.now() - started;
  expect(stuck.status).toBe(503);
  const refusal = (await stuck.json()) as { code: string; error: { message: string } };
  expect(refusal.code).toBe('SERVICE_UNAVAILABLE');
  expect(refusal.error.message).toMatch(/page \/: no page within 3000 ms/);
  expect(waited).toBeLessThan(RENDER_TIMEOUT_MS + 1_000);

  // The late languages arrive; a render finishes in time again and the call says so.
  api.delay.delete('/api/v1/config/languages');
  let ready = stuck;
  for (const until = Date.now() + 15_000; ready.status !== 200 && Date.now() < until;) {
    await new Promise((r) => setTimeout(r, 500));
    ready = await fetch(`${server.origin}/api/v1/health/ready`);
  }
  expect(ready.status).toBe(200);
  const body = (await ready.json()) as { data: { render: { path: string; status: number } } };
  expect(body.data.render).toMatchObject({ path: '/', status: 200 });
}, 60_000);

it.each([
  ['before the first byte', '/promotions', { ms: 20 }],
  ['after the headers', '/vip-club', { afterHeaders: true as const }],
  ['in the middle of the body', '/help', { bytes: 2_000 }],
])(
  'a visitor who leaves %s, on a page being rendered and on a kept page, stops no one',
  async (_, path, when) => {
    // First visit (a render under way), then once the page is kept.
    await leaveEarly(server.port, path, when);
    const first = await crowd(path, 20);
    await leaveEarly(server.port, path, when);
    const again = await crowd(path, 20);
    for (const answer of [...first, ...again]) {
      expect(answer.status).toBe(200);
      expect(answer.ms).toBeLessThan(RENDER_TIMEOUT_MS);
      expect(answer.body).toContain('</html>');
    }
    // The page rendered for the visitor who left was kept: nobody after had to render it again.
    expect(first.filter((a) => a.state === 'miss')).toHaveLength(0);
    expect(again.every((a) => a.state === 'hit')).toBe(true);
  },
  60_000,
);

it('a render that throws answers the error page, and the page renders again once the cause is gone', async () => {
  const slug = slugs[0]!;
  api.fail.add(`/api/v1/games/${slug}`);
  const failed = await crowd(`/casino/games/${slug}`, 5);
  expect(failed.map((a) => a.status)).toEqual([500, 500, 500, 500, 500]);
  // The one that rendered answered the error page; those that joined it rendered on their own.
  expect(failed.filter((a) => a.body.includes('</html>'))).toHaveLength(5);
  api.fail.delete(`/api/v1/games/${slug}`);
  const fine = await visit(`/casino/games/${slug}`);
  expect(fine.status).toBe(200);
  expect(fine.state).toBe('miss');
  expect(fine.body).toContain(`data-game="${slug}"`);
}, 60_000);

it('a render slower than the timeout reaches its visitor whole and is not kept', async () => {
  const slug = slugs[1]!;
  api.delay.set(`/api/v1/games/${slug}`, RENDER_TIMEOUT_MS * 2);
  const slow = await visit(`/casino/games/${slug}`);
  api.delay.delete(`/api/v1/games/${slug}`);
  expect(slow.status).toBe(200);
  expect(slow.ms).toBeGreaterThanOrEqual(RENDER_TIMEOUT_MS * 2);
  expect(slow.state).toBeNull(); // streamed to its visitor past the deadline, never held
  expect(slow.body).toContain(`data-game="${slug}"`);
  expect(slow.body).toContain('</html>');
  // Nothing was kept from it: the next visitor's page is a new render, which is kept.
  expect((await visit(`/casino/games/${slug}`)).state).toBe('miss');
  expect((await visit(`/casino/games/${slug}`)).state).toBe('hit');
}, 60_000);

it('200 first visits to one page at the same moment: one render, 200 pages', async () => {
  const slug = slugs[2]!;
  const answers = await crowd(`/casino/games/${slug}`, 200);
  expect(answers.every((a) => a.status === 200 && a.body.includes(`data-game="${slug}"`))).toBe(
    true,
  );
  expect(answers.filter((a) => a.state === 'miss')).toHaveLength(1);
  expect(answers.filter((a) => a.state === 'hit')).toHaveLength(199);
}, 90_000);

it('answers the API with HSTS as it answers pages, in production', async () => {
  const [page, apiAnswer] = await Promise.all([
    fetch(`${server.origin}/`),
    fetch(`${server.origin}/api/v1/health`),
  ]);
  const hsts = page.headers.get('strict-transport-security');
  expect(hsts).toMatch(/^max-age=\d+; includeSubDomains$/);
  expect(apiAnswer.headers.get('strict-transport-security')).toBe(hsts);
});

it('the stand-in is what the pages read (the tests above exercise real renders)', () => {
  expect(api.hits.get('/api/v1/config/languages')).toBeGreaterThanOrEqual(1);
  expect(api.hits.get(`/api/v1/games/${slugs[2]}`)).toBe(1);
});

it('refuses a body sent to a page at once (405), unread, and the API still answers a big body with 413', async () => {
  const page = await leaveEarlyAnswer('/', 'POST', { 'Content-Length': String(100 * 1024 * 1024) });
  expect(page).toMatch(/^HTTP\/1\.1 405 /);
  expect(page).toMatch(/\r\nallow: GET, HEAD\r\n/i);
  const apiAnswer = await leaveEarlyAnswer('/api/v1/auth/login', 'POST', {
    'Content-Length': String(100 * 1024 * 1024),
    'Content-Type': 'application/json',
  });
  expect(apiAnswer).toMatch(/^HTTP\/1\.1 413 /);
});

it('closes the connection behind a refused upload: a chunked body past the limit gets 413, then the server hangs up', async () => {
  // The body keeps coming after the answer, as a flood's would; the server must not wait for it.
  const closedAfter = await new Promise<number>((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1', () => {
      socket.write(
        'POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
          'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
      );
      const block = Buffer.alloc(64 * 1024, 'x');
      const chunk = Buffer.concat([Buffer.from('10000\r\n'), block, Buffer.from('\r\n')]);
      const pump = setInterval(() => (socket.writable ? socket.write(chunk) : undefined), 20);
      socket.once('close', () => clearInterval(pump));
    });
    let answer = '';
    let answeredAt = 0;
    socket.on('data', (data: Buffer) => {
      answer += data.toString('latin1');
      if (!answeredAt && /^HTTP\/1\.1 413 /.test(answer)) answeredAt = performance.now();
    });
    socket.once('end', () => {
      socket.destroy();
      if (answeredAt) resolve(performance.now() - answeredAt);
      else reject(new Error(`hung up without a 413: ${answer.slice(0, 80)}`));
    });
    socket.on('error', () => undefined);
    socket.setTimeout(10_000, () => {
      socket.destroy();
      reject(new Error(answeredAt ? 'still open 10 s after the 413' : 'no answer in 10 s'));
    });
  });
  expect(closedAfter).toBeLessThan(3_000);
});
