/**
 * Where a player may be sent after signing in: a path on this site only. Anything that could
 * leave it (`//evil.com`, `https://evil.com`, `/\evil.com`, `javascript:`, encoded variants)
 * falls back to the given path.
 */
export function safeReturnPath(value: string | null | undefined, fallback = '/'): string {
  if (!value) return fallback;
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return fallback;
  }
  for (const candidate of [value, decoded]) {
    if (!candidate.startsWith('/')) return fallback;
    if (candidate.startsWith('//') || candidate.startsWith('/\\')) return fallback;
    if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return fallback;
  }
  // The URL parser is the final word: the result must stay on this origin.
  const base = 'http://same.origin';
  const resolved = new URL(value, base);
  if (resolved.origin !== base) return fallback;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
