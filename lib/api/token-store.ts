/** The access and stream tokens live in localStorage (spec §3); these are the only places that touch them. */
export const ACCESS_TOKEN_KEY = 'accessToken';
export const STREAM_TOKEN_KEY = 'getStreamToken';
/** The platform socket's token when getStreamToken belongs to GetStream (absent otherwise). */
export const SOCKET_TOKEN_KEY = 'socketToken';
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

/** What the platform socket authenticates with: its own token, else the stream token. */
export function readSocketToken(): string | null {
  return storage()?.getItem(SOCKET_TOKEN_KEY) ?? readStreamToken();
}

const listeners = new Set<() => void>();

/**
 * Calls back when the access token changes, in this tab (through these functions) or in another
 * (the storage event): the session store reads the token as an external store.
 */
export function subscribeToken(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === ACCESS_TOKEN_KEY || event.key === null) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function writeTokens(
  token: string,
  streamToken: string | null,
  socketToken?: string | null,
): void {
  const s = storage();
  s?.setItem(ACCESS_TOKEN_KEY, token);
  if (streamToken) s?.setItem(STREAM_TOKEN_KEY, streamToken);
  else s?.removeItem(STREAM_TOKEN_KEY);
  // Kept only when it differs: in the platform's own mode the stream token is the socket's.
  if (socketToken && socketToken !== streamToken) s?.setItem(SOCKET_TOKEN_KEY, socketToken);
  else s?.removeItem(SOCKET_TOKEN_KEY);
  listeners.forEach((listener) => listener());
}

export function clearTokens(): void {
  const s = storage();
  s?.removeItem(ACCESS_TOKEN_KEY);
  s?.removeItem(STREAM_TOKEN_KEY);
  s?.removeItem(SOCKET_TOKEN_KEY);
  listeners.forEach((listener) => listener());
}

export function writeCurrency(currency: string): void {
  storage()?.setItem(CURRENCY_KEY, currency);
}
