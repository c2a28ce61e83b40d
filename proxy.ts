import createIntlMiddleware from 'next-intl/middleware';
import { NextRequest, NextResponse } from 'next/server';
import { config as appConfig } from '@/lib/config';
import { routing } from '@/lib/i18n/routing';
import { readReferralCode, referrerCookies } from '@/lib/referral/referrer-cookie';
import { buildCsp, createNonce, providerOrigins, securityHeaders } from '@/lib/security/csp';

const intl = createIntlMiddleware(routing);

const providers = providerOrigins(appConfig);
const connectOrigins = [appConfig.API_BASE_URL, appConfig.CONTENT_API_URL]
  .filter((u): u is string => Boolean(u))
  .map((u) => new URL(u).origin)
  .concat(providers.connect);

/** Next's draft-mode cookie: an editor previewing drafts (set only by /api/draft). */
const DRAFT_COOKIE = '__prerender_bypass';

// The content service's uploads (Strapi serves them from its own origin).
const contentOrigin = appConfig.CONTENT_API_URL ? new URL(appConfig.CONTENT_API_URL).origin : null;

/** The back office (app/operator): outside the language segment and the site's scripts. */
const isBackOffice = (pathname: string) =>
  pathname === '/operator' || pathname.startsWith('/operator/');

/**
 * Back-office pages: a strict CSP of their own (nothing but this origin and the nonce — no content
 * service, no CMS scripts, no providers), never indexed or cached, and with OPERATOR_ORIGIN set,
 * nothing at all on any other host.
 */
function backOffice(request: NextRequest): NextResponse {
  if (
    appConfig.OPERATOR_ORIGIN &&
    request.headers.get('host') !== new URL(appConfig.OPERATOR_ORIGIN).host
  ) {
    return new NextResponse(null, { status: 404 });
  }
  const nonce = createNonce();
  const csp = buildCsp({
    nonce,
    dev: appConfig.NODE_ENV === 'development',
    frameAncestors: "'none'",
  });
  const headers = new Headers(request.headers);
  headers.set('x-nonce', nonce);
  headers.set('content-security-policy', csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('Content-Security-Policy', csp);
  for (const [name, value] of Object.entries(
    securityHeaders(appConfig.NODE_ENV === 'production'),
  )) {
    response.headers.set(name, value);
  }
  response.headers.set('X-Robots-Tag', 'noindex, nofollow');
  response.headers.set('Cache-Control', 'private, no-store');
  response.headers.set('Referrer-Policy', 'no-referrer');
  return response;
}

export function proxy(request: NextRequest): NextResponse {
  if (isBackOffice(request.nextUrl.pathname)) return backOffice(request);
  const nonce = createNonce();
  const draft = request.cookies.has(DRAFT_COOKIE);
  const csp = buildCsp({
    nonce,
    dev: appConfig.NODE_ENV === 'development',
    // Strapi shows its preview in a frame: draft-mode pages alone may be framed by the CMS admin.
    frameAncestors:
      draft && appConfig.CMS_ADMIN_ORIGIN
        ? `'self' ${new URL(appConfig.CMS_ADMIN_ORIGIN).origin}`
        : appConfig.CSP_FRAME_ANCESTORS,
    connectOrigins,
    frameOrigins: providers.frame,
    imageOrigins: contentOrigin ? [contentOrigin] : [],
  });

  // Next reads the nonce for its own scripts from the request's CSP header; the layout reads x-nonce.
  const headers = new Headers(request.headers);
  headers.set('x-nonce', nonce);
  // The 404 page needs the address asked for (a path containing 404 gets the bare title).
  headers.set('x-pathname', request.nextUrl.pathname);
  headers.set('content-security-policy', csp);
  const response = intl(new NextRequest(request, { headers }));

  response.headers.set('Content-Security-Policy', csp);
  for (const [name, value] of Object.entries(
    securityHeaders(appConfig.NODE_ENV === 'production'),
  )) {
    response.headers.set(name, value);
  }

  if (draft) {
    // Drafts are for editors: never stored by a shared cache, never indexed.
    response.headers.set('Cache-Control', 'private, no-store');
    response.headers.set('X-Robots-Tag', 'noindex, nofollow');
  }

  const code = readReferralCode(request.nextUrl.searchParams);
  if (code) {
    for (const cookie of referrerCookies(code, new Date())) {
      response.cookies.set(cookie.name, cookie.value, cookie.options);
    }
  }
  return response;
}

export const config = {
  // Pages only: never the API, Next's assets, the socket path or files with an extension.
  // The sharing card (app/opengraph-image.tsx) is one image for every language.
  matcher: ['/((?!api/|api$|_next/|_vercel/|socket\\.io/|opengraph-image|.*\\.[^/]+$).*)'],
};
