import type { IncomingMessage, ServerResponse } from 'node:http';
import { locales } from '../i18n/locales';

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

function decodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Before Next sees a request: baseline security headers on the response, and a path that cannot
 * be decoded sent where it gets a proper answer — a 400 JSON error under /api, the localized 404
 * page elsewhere — instead of Next's bare `500 Internal Server Error`.
 */
export function guardRequest(req: IncomingMessage, res: ServerResponse): void {
  delete req.headers[MALFORMED_PATH_HEADER];
  for (const [name, value] of Object.entries(BASELINE_HEADERS)) res.setHeader(name, value);
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  const path = query >= 0 ? url.slice(0, query) : url;
  if (decodable(path)) return;
  req.headers[MALFORMED_PATH_HEADER] = '1';
  if (path === '/api' || path.startsWith('/api/')) {
    req.url = MALFORMED_API_PATH;
    return;
  }
  const first = path.split('/')[1] ?? '';
  const prefix =
    (locales as readonly string[]).includes(first) && first !== 'en' ? `/${first}` : '';
  req.url = `${prefix}${MALFORMED_PAGE_PATH}`;
}
