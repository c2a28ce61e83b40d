/** The access token lives in localStorage (spec §3); these are the only places that touch it. */
export const ACCESS_TOKEN_KEY = 'accessToken';
export const STREAM_TOKEN_KEY = 'getStreamToken';

export function readAccessToken(): string | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.localStorage.getItem(ACCESS_TOKEN_KEY);
  } catch {
    return null;
  }
}
