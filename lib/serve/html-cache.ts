import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import {
  DISPLAY_SETTINGS_COOKIE,
  parseDisplaySettings,
  serializeDisplaySettings,
} from '../settings/display-settings';
import { COUNTRY_HEADERS } from '../settings/visitor-country';

const gzipAsync = promisify(gzip);

/**
 * Rendered pages for guests and players alike, kept for a few seconds (issue 12, direction 5).
 *
 * A page's HTML depends only on its address, the display-settings cookie and the visitor's country
 * header: players' tokens live in localStorage and their data is fetched by the browser, so the
 * server never renders anything of a player. A hit is the stored page with a fresh nonce written
 * over every copy of the old one (script and style tags, the RSC payload, the CSP header), so no
 * two responses share a nonce; it carries every header the miss had (CSP, security headers, the
 * alternate links), minus Date and Content-Length, which are computed again.
 *
 * Never cached: anything but GET, Next's own navigation and prefetch requests (RSC), editors in
 * draft mode, addresses with a query the allow-list does not know (`ref`, `code`, `access_token`
 * all among them), the development pages, and any response that is not a 200 HTML page, sets a
 * cookie, or is too big.
 */
export type HtmlCacheOptions = {
  ttlMs: number;
  maxEntries?: number;
  maxEntryBytes?: number;
  now?: () => number;
  createNonce: () => string;
};

type Entry = {
  expires: number;
  status: number;
  headers: OutgoingHttpHeaders;
  /** The nonce it was rendered with, and the body cut at every copy of it. */
  nonce: string;
  parts: string[];
  /** The CSP header cut the same way. */
  cspParts: string[];
};

/** Query keys a page reads on the server (tabs, the sportsbook path) or the client (modals). */
const CACHEABLE_QUERY_KEYS = new Set(['tab', 'ptab', 'bt-path', 'modal']);
const NAVIGATION_HEADERS = [
  'rsc',
  'next-router-prefetch',
  'next-router-state-tree',
  'next-router-segment-prefetch',
  'next-action',
  'next-url',
];
const DRAFT_COOKIES = ['__prerender_bypass', '__next_preview_data'];
const UNCACHED_PREFIXES = ['/api/', '/_next/', '/socket.io', '/dev/', '/dev'];
const DROPPED_HEADERS = new Set(['date', 'content-length', 'transfer-encoding', 'connection']);

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

function headerValue(req: IncomingMessage, name: string): string {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
}

/** The cache key, or null when this request must reach Next untouched. */
export function htmlCacheKey(req: IncomingMessage): string | null {
  if (req.method !== 'GET') return null;
  const url = new URL(req.url ?? '/', 'http://cache.local');
  const path = url.pathname;
  if (UNCACHED_PREFIXES.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p))) {
    return null;
  }
  if (/\.[^/]+$/.test(path)) return null; // files
  if (/\/dev(\/|$)/.test(path)) return null; // /es/dev/outbox and the like
  for (const key of url.searchParams.keys()) if (!CACHEABLE_QUERY_KEYS.has(key)) return null;
  if (NAVIGATION_HEADERS.some((name) => req.headers[name] !== undefined)) return null;
  const cookies = headerValue(req, 'cookie');
  if (DRAFT_COOKIES.some((name) => cookieValue(cookies, name) !== undefined)) return null;
  // Normalized, so a made-up cookie cannot make a new entry per request.
  const settings = serializeDisplaySettings(
    parseDisplaySettings(cookieValue(cookies, DISPLAY_SETTINGS_COOKIE)),
  );
  const country = COUNTRY_HEADERS.map((name) => headerValue(req, name).slice(0, 8)).join(',');
  url.searchParams.sort();
  return [headerValue(req, 'host'), path + url.search, settings, country].join('\n');
}

function nonceOf(csp: unknown): string | null {
  return typeof csp === 'string' ? (csp.match(/'nonce-([A-Za-z0-9+/=]+)'/)?.[1] ?? null) : null;
}

export function createHtmlCache(options: HtmlCacheOptions) {
  const { ttlMs, maxEntries = 500, maxEntryBytes = 2 * 1024 * 1024 } = options;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<Entry | null>>();

  async function send(
    res: Writer,
    entry: Entry,
    state: 'hit' | 'miss',
    acceptEncoding: string,
  ): Promise<void> {
    const nonce = state === 'hit' ? options.createNonce() : entry.nonce;
    const body = entry.parts.join(nonce);
    let bytes: Buffer = Buffer.from(body);
    const headers: OutgoingHttpHeaders = { ...entry.headers };
    if (entry.cspParts.length > 0) headers['content-security-policy'] = entry.cspParts.join(nonce);
    headers['x-html-cache'] = state;
    if (/\bgzip\b/.test(acceptEncoding)) {
      bytes = await gzipAsync(bytes, { level: 4 });
      headers['content-encoding'] = 'gzip';
    }
    headers['content-length'] = String(bytes.length);
    res.writeHead(entry.status, headers);
    res.end(bytes);
  }

  function remember(key: string, entry: Entry): void {
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
  }

  /** Renders through Next, sends the page and keeps it; null when it went out uncached. */
  async function renderAndKeep(
    key: string,
    res: ServerResponse,
    render: () => Promise<void>,
    acceptEncoding: string,
  ): Promise<Entry | null> {
    const held = await capture(res, render, maxEntryBytes);
    if (!held) return null; // passed through as it came
    const { page: captured, writer } = held;
    const nonce = nonceOf(captured.headers['content-security-policy']);
    const csp = String(captured.headers['content-security-policy'] ?? '');
    const entry: Entry = {
      expires: now() + ttlMs,
      nonce: nonce ?? '',
      status: captured.status,
      headers: captured.headers,
      parts: nonce ? captured.body.split(nonce) : [captured.body],
      cspParts: nonce ? csp.split(nonce) : [],
    };
    // A page without a nonce policy is not one the proxy answered: sent, never kept.
    if (nonce) remember(key, entry);
    await send(writer, entry, 'miss', acceptEncoding);
    return nonce ? entry : null;
  }

  /**
   * Answers from the cache, or lets `render` (Next's handler) answer and keeps the page. While one
   * request renders a page, others for the same page wait for it (or get the copy that just
   * expired), so an expiry under load costs one render, not one per connection.
   */
  async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    render: () => Promise<void>,
  ): Promise<void> {
    const key = ttlMs > 0 ? htmlCacheKey(req) : null;
    if (key === null) return render();
    // The cache compresses; Next must hand over plain HTML to be stored.
    const acceptEncoding = headerValue(req, 'accept-encoding');
    delete req.headers['accept-encoding'];
    const cached = entries.get(key);
    const at = now();
    if (cached && cached.expires > at) {
      remember(key, cached);
      return send(res, cached, 'hit', acceptEncoding);
    }
    const usable = cached && cached.expires + ttlMs > at ? cached : undefined;
    if (cached && !usable) entries.delete(key);
    const inFlight = rendering.get(key);
    if (inFlight) {
      if (usable) return send(res, usable, 'hit', acceptEncoding);
      const entry = await inFlight.catch(() => null);
      if (entry) return send(res, entry, 'hit', acceptEncoding);
      if (acceptEncoding) req.headers['accept-encoding'] = acceptEncoding;
      return render();
    }
    const job = renderAndKeep(key, res, render, acceptEncoding);
    rendering.set(key, job);
    try {
      await job;
    } finally {
      rendering.delete(key);
    }
  }

  return { handle, clear: () => entries.clear(), size: () => entries.size };
}

export type HtmlCache = ReturnType<typeof createHtmlCache>;

type Captured = { status: number; headers: OutgoingHttpHeaders; body: string };

/** Where a held page is written: the response's own methods, past Next's and the cache's wrappers. */
type Writer = Pick<ServerResponse, 'writeHead' | 'end'>;

/**
 * Runs `render` with the response's writes held back when it turns out to be a storable page (200,
 * HTML, no cookie set); anything else goes straight through. Resolves with the held page and the
 * writer to send it with, or null when the response went out as it came.
 *
 * The wrappers stay on the response for its whole life (Next may wrap them in turn): they forward
 * in pass mode and swallow what Next writes after the held page ended, which the cache sends.
 */
function capture(
  res: ServerResponse,
  render: () => Promise<void>,
  maxBytes: number,
): Promise<{ page: Captured; writer: Writer } | null> {
  const original = {
    writeHead: res.writeHead.bind(res),
    write: res.write.bind(res),
    end: res.end.bind(res),
    flushHeaders: res.flushHeaders.bind(res),
  };
  const writer: Writer = { writeHead: original.writeHead, end: original.end };
  let mode: 'undecided' | 'hold' | 'held' | 'pass' = 'undecided';
  const passing = () => mode === 'pass';
  const chunks: Buffer[] = [];
  let size = 0;
  const later = (...args: unknown[]) => {
    const done = args.find((arg) => typeof arg === 'function');
    if (done) process.nextTick(done as () => void);
  };

  return new Promise((resolve, reject) => {
    const decide = () => {
      if (mode !== 'undecided') return;
      const type = String(res.getHeader('content-type') ?? '');
      const storable =
        res.statusCode === 200 &&
        type.startsWith('text/html') &&
        res.getHeader('set-cookie') === undefined &&
        res.getHeader('content-encoding') === undefined;
      mode = storable ? 'hold' : 'pass';
      if (mode === 'pass') resolve(null);
    };
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk)
          : Buffer.from(
              String(chunk),
              typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8',
            );
      chunks.push(buffer);
      size += buffer.length;
    };

    res.writeHead = ((status: number, ...rest: unknown[]) => {
      if (mode === 'pass')
        return (original.writeHead as (...a: unknown[]) => ServerResponse)(status, ...rest);
      if (mode === 'held') return res;
      res.statusCode = status;
      const headers = rest.find((arg) => typeof arg === 'object' && arg !== null);
      if (headers) {
        const list = Array.isArray(headers) ? headers : Object.entries(headers);
        for (const [name, value] of list as [string, string | string[]][])
          res.setHeader(name, value);
      }
      decide();
      // decide() may have just chosen: read the mode again (TypeScript keeps the narrowed one).
      if (passing()) return original.writeHead(status);
      return res;
    }) as typeof res.writeHead;
    res.flushHeaders = () => {
      decide();
      if (mode === 'pass') original.flushHeaders();
    };
    res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
      decide();
      if (mode === 'pass')
        return (original.write as (...a: unknown[]) => boolean)(chunk, encoding, callback);
      if (mode === 'hold') collect(chunk, encoding);
      later(encoding, callback);
      return true;
    }) as typeof res.write;
    res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
      decide();
      if (mode === 'pass')
        return (original.end as (...a: unknown[]) => ServerResponse)(chunk, encoding, callback);
      later(chunk, encoding, callback);
      if (mode === 'held') return res;
      collect(chunk, encoding);
      mode = 'held';
      const headers = { ...res.getHeaders() };
      for (const name of Object.keys(headers)) {
        if (DROPPED_HEADERS.has(name)) delete headers[name];
        res.removeHeader(name);
      }
      const body = Buffer.concat(chunks);
      if (size > maxBytes) {
        // Too big to keep: sent as it came.
        writer.writeHead(res.statusCode, headers);
        writer.end(body);
        resolve(null);
      } else {
        resolve({ page: { status: res.statusCode, headers, body: body.toString('utf8') }, writer });
      }
      return res;
    }) as typeof res.end;

    render().then(
      () => {
        // A handler that resolves before ending the response is still writing (streaming).
      },
      (error: unknown) => {
        if (mode === 'undecided' || mode === 'hold') mode = 'pass';
        reject(error);
      },
    );
  });
}
