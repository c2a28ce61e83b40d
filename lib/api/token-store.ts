/** The access and stream tokens live in localStorage (spec §3); these are the only places that touch them. */
export const ACCESS_TOKEN_KEY = 'accessToken';
export const STREAM_TOKEN_KEY = 'getStreamToken';
/** The currency amounts are viewed in; sign-out resets it to USD (spec §4). */
export const CURRENCY_KEY = 'currency';
export const DEFAULT_CURRENCY = 'USD';

function storage(): Storage | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readAccessToken(): string | null {
  return storage()?.getItem(ACCESS_TOKEN_KEY) ?? null;
}

export function readStreamToken(): string | null {
  return storage()?.getItem(STREAM_TOKEN_KEY) ?? null;
}

export function writeTokens(token: string, streamToken: string | null): void {
  const s = storage();
  s?.setItem(ACCESS_TOKEN_KEY, token);
  if (streamToken) s?.setItem(STREAM_TOKEN_KEY, streamToken);
  else s?.removeItem(STREAM_TOKEN_KEY);
}

export function clearTokens(): void {
  const s = storage();
  s?.removeItem(ACCESS_TOKEN_KEY);
  s?.removeItem(STREAM_TOKEN_KEY);
}

export function writeCurrency(currency: string): void {
  storage()?.setItem(CURRENCY_KEY, currency);
}
