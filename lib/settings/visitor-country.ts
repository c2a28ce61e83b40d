/** Headers CDNs and proxies put the visitor's IP country in (Cloudflare, Vercel, CloudFront, nginx geoip). */
export const COUNTRY_HEADERS = [
  'cf-ipcountry',
  'x-vercel-ip-country',
  'cloudfront-viewer-country',
  'x-country-code',
] as const;

/** The visitor's two-letter country, or null when no header names a real one (Cloudflare says XX / T1). */
export function visitorCountryFrom(headers: { get(name: string): string | null }): string | null {
  for (const name of COUNTRY_HEADERS) {
    const value = headers.get(name)?.trim().toUpperCase();
    if (value && /^[A-Z]{2}$/.test(value) && value !== 'XX' && value !== 'T1') return value;
  }
  return null;
}
