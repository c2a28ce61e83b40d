import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import {
  DISPLAY_SETTINGS_COOKIE,
  parseDisplaySettings,
  serializeDisplaySettings,
} from '../settings/display-settings';
import { COUNTRY_HEADERS } from '../settings/visitor-country';
import { capture, type Writer } from './hold-response';
import { collectRenderTags } from './render-tags';

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
  parts: string[];
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
const UNCACHED_PREFIXES = ['/api/', '/_next/', '/socket.io'];

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
  return [headerValue(req, 'host'), path + url.search, settings, country].join('\n');
}

function nonceOf(csp: unknown): string | null {
  return typeof csp === 'string' ? (csp.match(/'nonce-([A-Za-z0-9+/=]+)'/)?.[1] ?? null) : null;
}

export function createHtmlCache(options: HtmlCacheOptions) {
  const {
    ttlMs,
    maxEntries = 500,
    maxEntryBytes = 2 * 1024 * 1024,
    maxTotalBytes = 64 * 1024 * 1024,
  } = options;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let totalBytes = 0;
  const rendering = new Map<string, Promise<Entry | null>>();
  /** Invalidations so far, and the last one of each tag: a render that started before is not kept. */
  let invalidations = 0;
  const invalidatedAt = new Map<string, number>();

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
    // Every header that names the nonce gets the new one: the CSP, and the Link header's preloads.
    if (entry.nonce && nonce !== entry.nonce) {
      const renew = (value: string) => value.split(entry.nonce).join(nonce);
      for (const [name, value] of Object.entries(headers)) {
        if (typeof value === 'string') headers[name] = renew(value);
        else if (Array.isArray(value)) headers[name] = value.map(renew);
      }
    }
    headers['x-html-cache'] = state;
    if (/\bgzip\b/.test(acceptEncoding)) {
      bytes = await gzipAsync(bytes, { level: 4 });
      headers['content-encoding'] = 'gzip';
    }
    headers['content-length'] = String(bytes.length);
    res.writeHead(entry.status, headers);
    res.end(bytes);
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
    while (entries.size > maxEntries || totalBytes > maxTotalBytes) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      forget(oldest);
    }
  }

  /** Renders through Next, sends the page and keeps it; null when it went out uncached. */
  async function renderAndKeep(
    key: string,
    res: ServerResponse,
    render: () => Promise<void>,
    acceptEncoding: string,
  ): Promise<Entry | null> {
    const tags = new Set<string>();
    const started = invalidations;
    const held = await capture(res, () => collectRenderTags(tags, render), maxEntryBytes);
    if (!held) return null; // passed through as it came
    const { page: captured, writer } = held;
    const nonce = nonceOf(captured.headers['content-security-policy']);
    const entry: Entry = {
      expires: now() + ttlMs,
      nonce: nonce ?? '',
      bytes: Buffer.byteLength(captured.body),
      status: captured.status,
      headers: captured.headers,
      parts: nonce ? captured.body.split(nonce) : [captured.body],
      tags,
    };
    // A page without a nonce policy is not one the proxy answered: sent, never kept. Nor is one
    // whose content changed while it rendered.
    const outdated = [...tags].some((tag) => (invalidatedAt.get(tag) ?? 0) > started);
    const keep = Boolean(nonce) && !outdated;
    if (keep) remember(key, entry);
    await send(writer, entry, 'miss', acceptEncoding);
    return keep ? entry : null;
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
    if (cached && !usable) forget(key);
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

  const clear = () => {
    entries.clear();
    totalBytes = 0;
  };

  /** Drops every page that shows one of these content documents; the others stay. */
  const invalidate = (tags: string[]): number => {
    invalidations += 1;
    for (const tag of tags) invalidatedAt.set(tag, invalidations);
    let dropped = 0;
    for (const [key, entry] of entries) {
      if (tags.some((tag) => entry.tags.has(tag))) {
        forget(key);
        dropped += 1;
      }
    }
    return dropped;
  };
  return { handle, clear, invalidate, size: () => entries.size, bytes: () => totalBytes };
}

export type HtmlCache = ReturnType<typeof createHtmlCache>;
