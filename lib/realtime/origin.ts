/**
 * Socket connections are accepted only from the site itself (SITE_URL), the operator's extra
 * ALLOWED_ORIGINS, or the host the request was addressed to (the same origin under another name).
 */
export function isOriginAllowed(
  origin: string | undefined,
  { siteUrl, allowedOrigins, host }: { siteUrl: string; allowedOrigins: string[]; host?: string },
): boolean {
  if (!origin) return false;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.origin === new URL(siteUrl).origin) return true;
  if (allowedOrigins.some((allowed) => allowed === parsed.origin)) return true;
  return Boolean(host) && parsed.host === host;
}
