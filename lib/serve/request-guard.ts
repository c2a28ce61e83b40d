import type { IncomingMessage, ServerResponse } from 'node:http';
import { locales } from '../i18n/locales';
import { HSTS } from '../security/csp';

/**
 * Set by server.ts when the address asked for cannot be decoded (`/api/v1/games/%ff`): the API's
 * catch-all answers 400 in the API's shape. Like the address header, any incoming copy is removed.
 */
export const MALFORMED_PATH_HEADER = 'x-platform-malformed-path';
const MALFORMED_API_PATH = '/api/v1/__malformed-path';
const MALFORMED_PAGE_PATH = '/__malformed-path';

/**
 * Every response starts with these; a page's own (the proxy's nonce CSP) replace them. Anything
 * the proxy does not see — files, a file path's 404 page, the API, the socket — keeps a policy
 * that runs no script at all.
 */
const BASELINE_HEADERS: Record<string, string> = {
  'Content-Security-Policy':
    "default-src 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; font-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/**
 * The bundle's own scripts: a worker started from one (pdf.js in the back office's KYC room) lives
 * under this response's policy and loads its sibling chunks with importScripts, so these may load
 * scripts of this origin and compile the WebAssembly decoders the page hands them (JPEG 2000,
 * JBIG2), and nothing else: no eval, no fetch.
 */
const BUNDLE_SCRIPT_CSP =
  "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
const isBundleScript = (path: string) => path.startsWith('/_next/static/') && path.endsWith('.js');

const READ_METHODS = new Set(['GET', 'HEAD']);
/** Where a body is expected: the API (its own size limits), the back office's API calls alike. */
const takesBodies = (path: string) => path === '/api' || path.startsWith('/api/');

function decodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** How long a client has to read an early answer before its connection is cut. */
export const EARLY_ANSWER_GRACE_MS = 2_000;

/**
 * An answer that went out before its request's body came in whole (an upload refused as too
 * large, a rate limit) closes the connection behind it. Whoever stopped reading the body left the
 * socket paused, so the client's hang-up went unseen and the connection sat half-closed until the
 * request timeout: a flood of refused uploads held hundreds of them (bench/chaos.mjs). The server
 * says it is done (FIN) and cuts the connection EARLY_ANSWER_GRACE_MS later; the rest of the body
 * is never read (reading a flood's endless bodies only to drop them cost more than it saved).
 */
function closeAfterEarlyAnswer(req: IncomingMessage, res: ServerResponse): void {
  // Taken now: by the time the answer finishes, the request may have let go of its socket.
  const { socket } = req;
  res.once('finish', () => {
    if (req.complete || !socket || socket.destroyed) return;
    socket.end();
    setTimeout(() => socket.destroy(), EARLY_ANSWER_GRACE_MS).unref();
  });
}

/**
 * Before Next sees a request: baseline security headers on the response (in production HSTS too,
 * as the proxy gives pages: the API and files are answered over the same https), and a path that
 * cannot be decoded sent where it gets a proper answer — a 400 JSON error under /api, the
 * localized 404 page elsewhere — instead of Next's bare `500 Internal Server Error`.
 *
 * In production a page is only read (GET, HEAD): the site has no server actions, and Next's proxy
 * would buffer any body sent to a page, up to 10 MB a request, before the page ignores it. Such a
 * request is answered 405 here, its body unread and the connection closed. True when it was.
 */
export function guardRequest(
  req: IncomingMessage,
  res: ServerResponse,
  { production }: { production: boolean },
): boolean {
  closeAfterEarlyAnswer(req, res);
  delete req.headers[MALFORMED_PATH_HEADER];
  for (const [name, value] of Object.entries(BASELINE_HEADERS)) res.setHeader(name, value);
  if (production) res.setHeader('Strict-Transport-Security', HSTS);
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  const path = query >= 0 ? url.slice(0, query) : url;
  if (isBundleScript(path)) res.setHeader('Content-Security-Policy', BUNDLE_SCRIPT_CSP);
  if (production && !READ_METHODS.has(req.method ?? 'GET') && !takesBodies(path)) {
    res.writeHead(405, { Allow: 'GET, HEAD', Connection: 'close', 'Content-Length': '0' });
    res.end();
    return true;
  }
  if (decodable(path)) return false;
  req.headers[MALFORMED_PATH_HEADER] = '1';
  if (path === '/api' || path.startsWith('/api/')) {
    req.url = MALFORMED_API_PATH;
    return false;
  }
  const first = path.split('/')[1] ?? '';
  const prefix =
    (locales as readonly string[]).includes(first) && first !== 'en' ? `/${first}` : '';
  req.url = `${prefix}${MALFORMED_PAGE_PATH}`;
  return false;
}
