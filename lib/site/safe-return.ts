const BASE = 'http://same.origin';

/** Anything a browser could read as another origin or a scheme: `//`, `/\`, control characters. */
function leavesSite(path: string): boolean {
  return (
    !path.startsWith('/') ||
    path.startsWith('//') ||
    path.startsWith('/\\') ||
    /[\u0000-\u001f\u007f\\]/.test(path)
  );
}

/**
 * Where a player may be sent after signing in: a path on this site only. Anything that could leave
 * it (`//evil.com`, `https://evil.com`, `/\evil.com`, `javascript:`, `/.//evil.com`, encoded and
 * whitespace variants) falls back to the given path. The input is checked, and so is the output:
 * the URL parser collapses dot segments, so `/.//evil.com` only becomes `//evil.com` after parsing.
 */
export function safeReturnPath(value: string | null | undefined, fallback = '/'): string {
  if (!value) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return fallback;
  }
  if (leavesSite(value) || leavesSite(decoded)) return fallback;
  const resolved = new URL(value, BASE);
  if (resolved.origin !== BASE) return fallback;
  const result = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  let resultDecoded: string;
  try {
    resultDecoded = decodeURIComponent(resolved.pathname);
  } catch {
    return fallback;
  }
  if (leavesSite(result) || leavesSite(resultDecoded)) return fallback;
  // Nor may a later decode-and-parse (a router, a proxy) find another origin in it.
  if (leavesSite(new URL(resultDecoded, BASE).pathname)) return fallback;
  // Stable: what we answer must itself pass, so no second parse can turn it into something else.
  if (new URL(result, BASE).origin !== BASE) return fallback;
  return result;
}
