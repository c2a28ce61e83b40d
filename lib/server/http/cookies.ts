import 'server-only';

/** One cookie out of a request's Cookie header (route handlers get a plain Request). */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get('cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

export type CookieOptions = {
  path: string;
  maxAge: number;
  httpOnly: boolean;
  sameSite: 'Strict' | 'Lax';
  secure: boolean;
};

/** A Set-Cookie value; a max age of 0 deletes the cookie. */
export function cookieHeader(name: string, value: string, options: CookieOptions): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path}`,
    `Max-Age=${options.maxAge}`,
    `SameSite=${options.sameSite}`,
    ...(options.httpOnly ? ['HttpOnly'] : []),
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}
