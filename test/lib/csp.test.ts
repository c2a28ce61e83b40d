import { buildCsp, createNonce, providerOrigins, securityHeaders } from '@/lib/security/csp';

function directives(csp: string): Map<string, string> {
  return new Map(csp.split('; ').map((d) => [d.split(' ')[0] ?? '', d.slice(d.indexOf(' ') + 1)]));
}

describe('content security policy', () => {
  it('makes a different unguessable nonce each time', () => {
    const nonces = new Set(Array.from({ length: 50 }, createNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  it('allows only scripts with the nonce and locks down objects, base and framing', () => {
    const d = directives(buildCsp({ nonce: 'abc', dev: false, frameAncestors: "'none'" }));
    expect(d.get('script-src')).toBe("'self' 'nonce-abc' 'strict-dynamic'");
    expect(d.get('style-src-elem')).toContain("'nonce-abc'");
    expect(d.get('object-src')).toBe("'none'");
    expect(d.get('base-uri')).toBe("'none'");
    expect(d.get('frame-ancestors')).toBe("'none'");
    expect(buildCsp({ nonce: 'abc', dev: false, frameAncestors: "'none'" })).not.toContain(
      'unsafe-eval',
    );
  });

  it('lets development builds evaluate code, and adds operator origins', () => {
    const d = directives(
      buildCsp({
        nonce: 'n',
        dev: true,
        frameAncestors: 'https://partner.example',
        connectOrigins: ['https://api.example'],
      }),
    );
    expect(d.get('script-src')).toContain("'unsafe-eval'");
    expect(d.get('style-src-elem')).toBe("'self' 'unsafe-inline'");
    expect(d.get('connect-src')).toContain('https://api.example');
    expect(d.get('frame-ancestors')).toBe('https://partner.example');
  });

  it('sends HSTS in production only', () => {
    expect(securityHeaders(true)['Strict-Transport-Security']).toMatch(/max-age=\d+/);
    expect(securityHeaders(false)['Strict-Transport-Security']).toBeUndefined();
    expect(securityHeaders(false)['X-Content-Type-Options']).toBe('nosniff');
    expect(securityHeaders(false)['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('providerOrigins', () => {
  const none = { CAPTCHA_PROVIDER: 'altcha' };
  it('lets the page call a configured provider, and nothing it was not given', () => {
    expect(providerOrigins(none)).toEqual({ connect: [], frame: [] });
    const solana = providerOrigins({ ...none, SOLANA_RPC_URL: 'https://rpc.example.test/key/abc' });
    // The origin only: the key in the path stays out of the header.
    expect(solana.connect).toEqual(['https://rpc.example.test']);
    const relay = providerOrigins({
      ...none,
      WALLETCONNECT_PROJECT_ID: 'p',
      WALLETCONNECT_RELAY_URL: 'ws://127.0.0.1:3197',
    });
    expect(relay.connect).toContain('ws://127.0.0.1:3197');
  });

  it("frames the operator's Chatwoot only when live chat runs there", () => {
    const base = 'https://chat.example.test/app/';
    expect(providerOrigins({ ...none, CHATWOOT_BASE_URL: base }).frame).toEqual([]);
    const chatwoot = providerOrigins({
      ...none,
      SUPPORT_PROVIDER: 'chatwoot',
      CHATWOOT_BASE_URL: base,
    });
    expect(chatwoot).toEqual({
      connect: ['https://chat.example.test'],
      frame: ['https://chat.example.test'],
    });
  });
});
