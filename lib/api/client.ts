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
  locale?: string;
  signal?: AbortSignal;
  /** Sent as the bearer token; in the browser the stored access token is used by default. */
  token?: string | null;
  /**
   * Public data only: on the server, keep the answer in Next's data cache for this many seconds
   * (tagged for on-demand revalidation) instead of asking again on every page render.
   */
  revalidate?: number;
  tags?: string[];
};

/** Calls the platform (`/api/v1` or API_BASE_URL) and unwraps `{ code: 'success', data }`. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = new URL(`${apiBaseUrl()}${path}`, typeof window === 'undefined' ? undefined : window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.locale) headers['x-locale'] = options.locale;
  const token = options.token === undefined ? readAccessToken() : options.token;
  if (token) headers.Authorization = `Bearer ${token}`;

  const shared = typeof window === 'undefined' && options.revalidate !== undefined && !token;
  const response = await fetch(url, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
    ...(shared ? { next: { revalidate: options.revalidate, tags: options.tags } } : { cache: 'no-store' as const }),
  });
  const payload = (await response.json().catch(() => null)) as
    | { code?: string; data?: T; error?: { message?: string } }
    | null;
  if (!response.ok || payload?.code !== 'success') {
    throw new ApiClientError(
      payload?.code ?? 'NETWORK_ERROR',
      payload?.error?.message ?? response.statusText,
      response.status,
    );
  }
  return payload.data as T;
}
