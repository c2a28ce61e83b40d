import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import {
  DISPLAY_SETTINGS_COOKIE,
  parseDisplaySettings,
  serializeDisplaySettings,
} from '../settings/display-settings';
import { COUNTRY_HEADERS } from '../settings/visitor-country';
import type { Rendered } from './apart-render';
import { gzipPieces, gzipTemplate, interleave, type GzipTemplate } from './gzip-template';

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
 *
 * Pages are rendered apart from their visitors (`renderApart`, lib/serve/apart-render.ts), so a
 * visitor who leaves costs no render, and a page past its time to live is answered from the copy
 * it has while a new one renders (stale while revalidating, for one more time to live).
 */
export type HtmlCacheOptions = {
  ttlMs: number;
  /** Renders the page a request asks for, apart from its visitor; `tags` collects its documents. */
  renderApart: (req: IncomingMessage, tags: Set<string>) => Promise<Rendered>;
  /**
   * The longest a render is waited for (HTML_RENDER_TIMEOUT_MS) by anyone but the visitor who
   * started it; a render slower than that is not kept.
   */
  renderTimeoutMs?: number;
  maxEntries?: number;
  maxEntryBytes?: number;
  /** All pages together; the least recently used go first when a new one does not fit. */
  maxTotalBytes?: number;
  now?: () => number;
  createNonce: () => string;
};

type Entry = {
  expires: number;
  status: number;
  headers: OutgoingHttpHeaders;
  /** The nonce it was rendered with, and the body cut at every copy of it. */
  nonce: string;
  bytes: number;
  /** The body as bytes, cut at every copy of the nonce. */
  parts: Buffer[];
  /** The body compressed once with a hole at each nonce (null: it could not be made; gzip each copy). */
  gzip: GzipTemplate | null;
  /** The content documents the page shows (lib/serve/render-tags.ts): what invalidates it. */
  tags: Set<string>;
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
/** The back office answers only on OPERATOR_ORIGIN's host: its pages are never shared. */
const UNCACHED_PREFIXES = ['/api/', '/_next/', '/socket.io', '/operator/'];

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

/**
 * The cache key, or null when this request must reach Next untouched. The Host header is not part
 * of it: no page differs by host (its addresses come from SITE_URL; the language middleware's Link
 * header, which echoed the host, is off), so a made-up host neither renders a page again nor gets
 * a copy of its own.
 */
export function htmlCacheKey(req: IncomingMessage): string | null {
  if (req.method !== 'GET') return null;
  const url = new URL(req.url ?? '/', 'http://cache.local');
  const path = url.pathname;
  if (UNCACHED_PREFIXES.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p))) {
    return null;
  }
  if (/\.[^/]+$/.test(path)) return null; // files
  if (/^(\/[a-z]{2})?\/dev(\/|$)/.test(path)) return null; // /dev/outbox, /es/dev/outbox
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
  return [path + url.search, settings, country].join('\n');
}

/** What a joined render came to within `ms` (`late` past them, `failed` if it threw); never rejects. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | 'late' | 'failed'> {
  if (ms <= 0) return Promise.resolve('late');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  const settled = promise.catch(() => 'failed' as const);
  return Promise.race([settled, late]).finally(() => clearTimeout(timer));
}

/** What a render brought: Next's answer, and the page kept from it (null: not one to keep). */
type Outcome = { rendered: Rendered; kept: Entry | null };
type Render = Promise<Outcome>;

function nonceOf(csp: unknown): string | null {
  return typeof csp === 'string' ? (csp.match(/'nonce-([A-Za-z0-9+/=]+)'/)?.[1] ?? null) : null;
}

export function createHtmlCache(options: HtmlCacheOptions) {
  const {
    ttlMs,
    maxEntries = 500,
    maxEntryBytes = 2 * 1024 * 1024,
    maxTotalBytes = 64 * 1024 * 1024,
    renderTimeoutMs = 10_000,
  } = options;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let totalBytes = 0;
  const rendering = new Map<string, Render>();
  /** Invalidations so far, and the last one of each tag: a render that started before is not kept. */
  let invalidations = 0;
  const invalidatedAt = new Map<string, number>();

  async function send(
    res: ServerResponse,
    entry: Entry,
    state: 'hit' | 'miss' | 'stale',
    acceptEncoding: string,
  ): Promise<void> {
    // Gone already (a visitor who hung up at once): no copy to make, nothing to compress.
    if (res.destroyed) return;
    const nonce = state === 'miss' ? entry.nonce : options.createNonce();
    const nonceBytes = Buffer.from(nonce);
    const gzipped = /\bgzip\b/.test(acceptEncoding);
    let pieces: Buffer[];
    if (gzipped && entry.gzip && nonceBytes.length === entry.gzip.holeLength) {
      pieces = gzipPieces(entry.gzip, nonceBytes);
    } else {
      pieces = interleave(entry.parts, nonceBytes);
      if (gzipped) pieces = [await gzipAsync(Buffer.concat(pieces), { level: 4 })];
    }
    const headers: OutgoingHttpHeaders = { ...entry.headers };
    // Every header that names the nonce gets the new one: the CSP, and the Link header's preloads.
    if (entry.nonce && nonce !== entry.nonce) {
      const renew = (value: string) => value.split(entry.nonce).join(nonce);
      for (const [name, value] of Object.entries(headers)) {
        if (typeof value === 'string') headers[name] = renew(value);
        else if (Array.isArray(value)) headers[name] = value.map(renew);
      }
    }
    headers['x-html-cache'] = state;
    if (gzipped) headers['content-encoding'] = 'gzip';
    headers['content-length'] = String(pieces.reduce((sum, piece) => sum + piece.length, 0));
    res.writeHead(entry.status, headers);
    // One write to the socket for the lot: end() sends what was corked before it.
    res.cork();
    for (const piece of pieces) res.write(piece);
    res.end();
  }

  /** An answer that is not a page to keep (a redirect, an error, a cookie), as Next gave it. */
  function relay(res: ServerResponse, rendered: Rendered): void {
    if (res.destroyed) return;
    res.writeHead(rendered.status, {
      ...rendered.headers,
      'content-length': String(rendered.body.length),
    });
    res.end(rendered.body);
  }

  function forget(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.bytes;
  }

  /** Keeps (or refreshes) a page as the most recently used; bounded by count and by bytes. */
  function remember(key: string, entry: Entry): void {
    forget(key);
    entries.set(key, entry);
    totalBytes += entry.bytes;
    evict();
  }

  function evict(): void {
    while (entries.size > maxEntries || totalBytes > maxTotalBytes) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      forget(oldest);
    }
  }

  /** A page to keep: 200 HTML with a nonce policy (the proxy answered it), no cookie, not too big. */
  function pageOf(rendered: Rendered, tags: Set<string>): Entry | null {
    const type = String(rendered.headers['content-type'] ?? '');
    const nonce = nonceOf(rendered.headers['content-security-policy']);
    const storable =
      rendered.status === 200 &&
      type.startsWith('text/html') &&
      rendered.headers['set-cookie'] === undefined &&
      rendered.headers['content-encoding'] === undefined &&
      rendered.body.length <= maxEntryBytes &&
      nonce !== null;
    if (!storable) return null;
    const body = rendered.body.toString('utf8');
    const parts = body.split(nonce).map((p) => Buffer.from(p));
    return {
      expires: now() + ttlMs,
      nonce,
      bytes: parts.reduce((sum, part) => sum + part.length, 0),
      status: rendered.status,
      headers: rendered.headers,
      parts,
      gzip: null,
      tags,
    };
  }

  /**
   * Starts the render of a page apart from any visitor, unless one is under way, and keeps what it
   * brings. Joinable until it settles or for `renderTimeoutMs`, whichever comes first: whoever
   * asks later starts another. A render slower than that, or whose documents changed meanwhile,
   * is not kept.
   */
  function renderOnce(key: string, req: IncomingMessage): Render {
    const current = rendering.get(key);
    if (current) return current;
    const tags = new Set<string>();
    const started = invalidations;
    const began = Date.now();
    const job: Render = options
      .renderApart(req, tags)
      .then(async (rendered): Promise<Outcome> => {
        const entry = pageOf(rendered, tags);
        if (!entry) return { rendered, kept: null };
        // Compressed before anyone is given it: a copy compressed per visitor while the template
        // was being made was a third of the gzip work under a flood (bench/chaos.mjs).
        entry.gzip = await gzipTemplate(entry.parts, Buffer.byteLength(entry.nonce)).catch(
          () => null,
        );
        if (entry.gzip) entry.bytes += entry.gzip.deflated.length;
        const late = Date.now() - began > renderTimeoutMs;
        const outdated = [...tags].some((tag) => (invalidatedAt.get(tag) ?? 0) > started);
        if (late || outdated) return { rendered, kept: null };
        remember(key, entry);
        return { rendered, kept: entry };
      })
      .finally(() => {
        clearTimeout(unjoinable);
        if (rendering.get(key) === job) rendering.delete(key);
      });
    const unjoinable = setTimeout(() => {
      if (rendering.get(key) === job) rendering.delete(key);
    }, renderTimeoutMs);
    rendering.set(key, job);
    return job;
  }

  /**
   * Answers from the cache, or has the page rendered apart and keeps it. While one render of a
   * page is under way, others who ask for it join it (an expiry under load costs one render, not
   * one per connection); a page past its time to live is answered from its copy at once while a
   * new one renders.
   *
   * The visitor who started a render waits for it, whatever it brings (a page, a redirect, an
   * error page: what Next would have answered them); anyone who joined waits `renderTimeoutMs` at
   * most, and renders on their own (`renderAlone`: Next, as if there were no cache) when it brings
   * no page to share, fails or is late. A render that fails to run at all (the loopback refused)
   * leaves its starter to render on their own too.
   *
   * `fresh` (the readiness probe) never takes a stored copy: it starts a render, or joins the one
   * under way, as the next visitor after an expiry would.
   */
  async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    renderAlone: () => Promise<void>,
    { fresh = false }: { fresh?: boolean } = {},
  ): Promise<void> {
    const key = ttlMs > 0 ? htmlCacheKey(req) : null;
    if (key === null) return renderAlone();
    // The cache compresses; Next must hand over plain HTML to be stored.
    const acceptEncoding = headerValue(req, 'accept-encoding');
    delete req.headers['accept-encoding'];
    const alone = () => {
      if (acceptEncoding) req.headers['accept-encoding'] = acceptEncoding;
      return renderAlone();
    };
    const cached = fresh ? undefined : entries.get(key);
    const at = now();
    if (cached && cached.expires > at) {
      remember(key, cached);
      return send(res, cached, 'hit', acceptEncoding);
    }
    if (cached && cached.expires + ttlMs > at) {
      // Past its time but not by another: this copy now, the next one rendering meanwhile.
      void renderOnce(key, req).catch(() => undefined);
      return send(res, cached, 'stale', acceptEncoding);
    }
    if (cached) forget(key);
    const joined = rendering.get(key);
    const job = joined ?? renderOnce(key, req);
    const outcome = joined
      ? await within(job, renderTimeoutMs)
      : await job.catch(() => 'failed' as const);
    if (res.destroyed) return; // left meanwhile: the page, if any, is kept for the next
    if (typeof outcome === 'string') return alone();
    if (outcome.kept) return send(res, outcome.kept, joined ? 'hit' : 'miss', acceptEncoding);
    return joined ? alone() : relay(res, outcome.rendered);
  }

  const clear = () => {
    entries.clear();
    totalBytes = 0;
  };

  /** Drops every page that shows one of these content documents; the others stay. */
  const invalidate = (tags: string[]): number => {
    invalidations += 1;
    for (const tag of tags) invalidatedAt.set(tag, invalidations);
    // A render under way may show the old document and then will not be kept: whoever asks from
    // now on starts a fresh one rather than wait for it and render again (its own visitor still
    // gets it). Its tags are not all known before it ends, and a change is rare: all are let go.
    rendering.clear();
    let dropped = 0;
    for (const [key, entry] of entries) {
      if (tags.some((tag) => entry.tags.has(tag))) {
        forget(key);
        dropped += 1;
      }
    }
    return dropped;
  };
  return {
    handle,
    clear,
    invalidate,
    size: () => entries.size,
    bytes: () => totalBytes,
  };
}

export type HtmlCache = ReturnType<typeof createHtmlCache>;
