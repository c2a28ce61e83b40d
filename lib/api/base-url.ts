/**
 * Where the platform API lives. In the browser: what the server told the page (API_BASE_URL, else
 * /api/v1). On the server: API_BASE_URL, else this very process — through the loopback listener
 * server.ts keeps for its own calls (INTERNAL_API_ORIGIN), so a page's calls never queue behind a
 * flood of visitors' connections on the public port; without server.ts, the public port.
 */
let browserBase = '/api/v1';

export function setBrowserApiBase(url: string): void {
  browserBase = url.replace(/\/$/, '');
}

export function apiBaseUrl(): string {
  if (typeof window !== 'undefined') return browserBase;
  const configured = process.env.API_BASE_URL;
  const self = process.env.INTERNAL_API_ORIGIN || `http://127.0.0.1:${process.env.PORT || 3000}`;
  return (configured || `${self}/api/v1`).replace(/\/$/, '');
}

let socketPath = '/socket.io';

/** The platform socket's path (SOCKET_PATH), as the server told the page. */
export function setBrowserSocketPath(path: string): void {
  socketPath = path;
}

/** Where the browser opens the platform socket: the API's origin (this one for /api/v1), and path. */
export function socketTarget(): { origin: string; path: string } {
  return { origin: new URL(browserBase, window.location.href).origin, path: socketPath };
}
