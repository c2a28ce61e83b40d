/**
 * Where the platform API lives. In the browser: what the server told the page (API_BASE_URL, else
 * /api/v1). On the server: API_BASE_URL, else this very process on its own port.
 */
let browserBase = '/api/v1';

export function setBrowserApiBase(url: string): void {
  browserBase = url.replace(/\/$/, '');
}

export function apiBaseUrl(): string {
  if (typeof window !== 'undefined') return browserBase;
  const configured = process.env.API_BASE_URL;
  return (configured || `http://127.0.0.1:${process.env.PORT || 3000}/api/v1`).replace(/\/$/, '');
}
