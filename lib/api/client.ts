import { apiBaseUrl } from './base-url';
import { readAccessToken } from './token-store';

/** A platform answer other than success, with the server's (already localized) message. */
export class ApiClientError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiClientError';
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** A file sent as the body itself, with its own type (an upload). */
  file?: Blob;
  locale?: string;
  signal?: AbortSignal;
  /** Sent as the bearer token; in the browser the stored access token is used by default. */
  token?: string | null;
  /**
   * Public data only: on the server, reuse the answer for this many seconds instead of asking again
   * on every page render. Kept in this process only, so a restart always starts fresh.
   */
  revalidate?: number;
};

/** Server-side answers kept for `revalidate` seconds; bounded, as every query string is a new key. */
const publicCache = new Map<string, { expires: number; value: Promise<unknown> }>();
export const PUBLIC_CACHE_MAX_ENTRIES = 500;

function remember(key: string, entry: { expires: number; value: Promise<unknown> }) {
  if (publicCache.size >= PUBLIC_CACHE_MAX_ENTRIES) {
    const now = Date.now();
    for (const [k, e] of publicCache) if (e.expires <= now) publicCache.delete(k);
    // Still full of live answers: the oldest goes (a Map iterates in insertion order).
    if (publicCache.size >= PUBLIC_CACHE_MAX_ENTRIES) {
      publicCache.delete(publicCache.keys().next().value!);
    }
  }
  publicCache.set(key, entry);
}

/** How many answers the server-side cache holds now (for its test). */
export const publicCacheSize = () => publicCache.size;

/** Calls the platform (`/api/v1` or API_BASE_URL) and unwraps `{ code: 'success', data }`. */
export function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const shared =
    typeof window === 'undefined' && options.revalidate !== undefined && !options.token;
  if (!shared) return send<T>(path, options);
  const key = `${options.locale ?? ''} ${path} ${JSON.stringify(options.query ?? {})}`;
  const hit = publicCache.get(key);
  if (hit && hit.expires > Date.now()) return hit.value as Promise<T>;
  // The signal belongs to one render; a shared answer must not be cancelled by it.
  const value = send<T>(path, { ...options, signal: undefined });
  remember(key, { expires: Date.now() + options.revalidate! * 1000, value });
  value.catch(() => publicCache.delete(key));
  return value;
}

/** The request as the platform expects it: the base URL, the query, the locale and the bearer token. */
function fetchApi(path: string, options: RequestOptions): Promise<Response> {
  const url = new URL(
    `${apiBaseUrl()}${path}`,
    typeof window === 'undefined' ? undefined : window.location.origin,
  );
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A page's call to this very server: compressing the answer only to inflate it again at once
  // cost a tenth of the server's time under load.
  if (typeof window === 'undefined' && !process.env.API_BASE_URL) {
    headers['Accept-Encoding'] = 'identity';
  }
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.file) headers['Content-Type'] = options.file.type || 'application/octet-stream';
  if (options.locale) headers['x-locale'] = options.locale;
  const token = options.token === undefined ? readAccessToken() : options.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(url, {
    method: options.method ?? 'GET',
    headers,
    body: options.file ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    signal: options.signal,
    cache: 'no-store',
  });
}

type Envelope<T> = { code?: string; data?: T; error?: { message?: string } } | null;

/** The platform's refusal as the site shows it: its code and localized message. */
const refusal = (response: Response, payload: Envelope<unknown>) =>
  new ApiClientError(
    payload?.code ?? 'NETWORK_ERROR',
    payload?.error?.message ?? response.statusText,
    response.status,
  );

/** A file the platform answers as a download (the data export): its bytes and the name it gives. */
export async function apiDownload(
  path: string,
  options: RequestOptions = {},
): Promise<{ blob: Blob; filename: string }> {
  const response = await fetchApi(path, options);
  if (!response.ok) {
    throw refusal(response, (await response.json().catch(() => null)) as Envelope<unknown>);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'download';
  return { blob: await response.blob(), filename };
}

async function send<T>(path: string, options: RequestOptions): Promise<T> {
  const response = await fetchApi(path, options);
  const payload = (await response.json().catch(() => null)) as Envelope<T>;
  if (!response.ok || payload?.code !== 'success') throw refusal(response, payload);
  return payload.data as T;
}

/**
 * A keyed request sent once more when no answer came at all (the connection dropped): the
 * platform answers the same key with what it did the first time, so nothing happens twice. A
 * request the platform answered with an error is not sent again.
 */
export async function onceMoreIfUnanswered<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof ApiClientError) throw error;
    return send();
  }
}
