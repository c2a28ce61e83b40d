export type CspOptions = {
  nonce: string;
  /** React's development build evaluates code and Next's dev overlay needs it; production never does. */
  dev: boolean;
  frameAncestors: string;
  /** Origins the browser may call besides this one (an operator's API or content service). */
  connectOrigins?: string[];
  /** Origins of configured sign-in and captcha providers that draw frames (and their styles). */
  frameOrigins?: string[];
  /** Where content images come from besides https: (a content service on plain http, in a lab). */
  imageOrigins?: string[];
};

/** What each optional provider needs the page to allow, when the operator configures it. */
export function providerOrigins(cfg: {
  GOOGLE_CLIENT_ID?: string;
  CAPTCHA_PROVIDER: string;
  CAPTCHA_SITE_KEY?: string;
  WALLETCONNECT_PROJECT_ID?: string;
  WALLETCONNECT_RELAY_URL?: string;
  GAMES_AGGREGATOR_URL?: string;
  GAMES_FRAME_ORIGINS?: string[];
  SOLANA_RPC_URL?: string;
  SUPPORT_PROVIDER?: string;
  CHATWOOT_BASE_URL?: string;
}): { connect: string[]; frame: string[] } {
  const connect: string[] = [];
  const frame: string[] = [];
  // The game frame: the configured origins, else the aggregator's own.
  if (cfg.GAMES_FRAME_ORIGINS?.length) frame.push(...cfg.GAMES_FRAME_ORIGINS);
  else if (cfg.GAMES_AGGREGATOR_URL) frame.push(new URL(cfg.GAMES_AGGREGATOR_URL).origin);
  if (cfg.WALLETCONNECT_PROJECT_ID) {
    connect.push(
      cfg.WALLETCONNECT_RELAY_URL
        ? new URL(cfg.WALLETCONNECT_RELAY_URL).origin
        : 'wss://relay.walletconnect.org',
      'https://verify.walletconnect.org',
      'https://pulse.walletconnect.org',
    );
    frame.push('https://verify.walletconnect.org');
  }
  // Paying from Phantom: the wallet adapter asks this endpoint for a recent blockhash.
  if (cfg.SOLANA_RPC_URL) connect.push(new URL(cfg.SOLANA_RPC_URL).origin);
  if (cfg.GOOGLE_CLIENT_ID) {
    connect.push('https://accounts.google.com');
    frame.push('https://accounts.google.com');
  }
  if (cfg.CAPTCHA_SITE_KEY && cfg.CAPTCHA_PROVIDER === 'turnstile') {
    frame.push('https://challenges.cloudflare.com');
  }
  if (cfg.CAPTCHA_SITE_KEY && cfg.CAPTCHA_PROVIDER === 'hcaptcha') {
    connect.push('https://*.hcaptcha.com', 'https://hcaptcha.com');
    frame.push('https://*.hcaptcha.com', 'https://hcaptcha.com');
  }
  // Chatwoot's SDK is loaded by our own (trusted) code, so 'strict-dynamic' admits it; its chat
  // window is a frame from the operator's Chatwoot, and the SDK fetches its alert sound there.
  if (cfg.SUPPORT_PROVIDER === 'chatwoot' && cfg.CHATWOOT_BASE_URL) {
    const chatwoot = new URL(cfg.CHATWOOT_BASE_URL).origin;
    connect.push(chatwoot);
    frame.push(chatwoot);
  }
  return { connect, frame };
}

/** A fresh, unguessable nonce for each HTML response. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

export function buildCsp({
  nonce,
  dev,
  frameAncestors,
  connectOrigins = [],
  frameOrigins = [],
  imageOrigins = [],
}: CspOptions): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // 'strict-dynamic' lets scripts Next loads with the nonce load their own chunks.
    'script-src': [
      "'self'",
      `'nonce-${nonce}'`,
      "'strict-dynamic'",
      ...(dev ? ["'unsafe-eval'"] : []),
    ],
    // Emotion's <style> tags carry the nonce; React's style attributes are applied through the CSSOM.
    // The dev server's hot reload injects style tags of its own, without a nonce.
    'style-src-elem': dev
      ? ["'self'", "'unsafe-inline'", ...frameOrigins]
      : ["'self'", `'nonce-${nonce}'`, ...frameOrigins],
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...imageOrigins],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...connectOrigins, ...(dev ? ['ws:'] : [])],
    'frame-src': ["'self'", ...frameOrigins],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': [frameAncestors],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** Two years, subdomains too: every answer in production says so, pages, API and files alike. */
export const HSTS = 'max-age=63072000; includeSubDomains';

/** Headers every HTML response carries besides the CSP. */
export function securityHeaders(production: boolean): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    ...(production ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}
