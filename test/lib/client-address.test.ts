import {
  CLIENT_ADDRESS_HEADER,
  clientAddressOf,
  isLoopback,
  sealClientAddress,
} from '@/lib/serve/client-address';

function incoming(remoteAddress: string, headers: Record<string, string>) {
  return {
    socket: { remoteAddress },
    headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
    rawHeaders: Object.entries(headers).flat(),
  };
}

describe('the caller address server.ts hands to the platform', () => {
  it('trusts only the socket with no proxy in front, whatever the headers say', () => {
    const req = incoming('::ffff:198.51.100.7', {
      'X-Forwarded-For': '1.2.3.4',
      'X-Real-IP': '5.6.7.8',
      'X-Client-IP': '9.9.9.9',
    });
    expect(clientAddressOf(req, 0)).toBe('198.51.100.7');
  });

  it('takes the Nth entry from the right with N trusted proxies, and stops at garbage', () => {
    const chain = { 'x-forwarded-for': 'spoofed, 203.0.113.5, 10.0.0.2' };
    expect(clientAddressOf(incoming('10.0.0.1', chain), 1)).toBe('10.0.0.2');
    expect(clientAddressOf(incoming('10.0.0.1', chain), 2)).toBe('203.0.113.5');
    // The third entry is the client's own claim and not an address: the last trusted one stands.
    expect(clientAddressOf(incoming('10.0.0.1', chain), 3)).toBe('203.0.113.5');
    // Fewer entries than proxies: the furthest one there is.
    expect(clientAddressOf(incoming('10.0.0.1', { 'x-forwarded-for': '203.0.113.9' }), 4)).toBe(
      '203.0.113.9',
    );
  });

  it('removes every address header the client sent and sets the one private header', () => {
    const req = incoming('127.0.0.1', {
      'X-Forwarded-For': '1.2.3.4',
      'x-real-ip': '1.2.3.4',
      [CLIENT_ADDRESS_HEADER]: '1.2.3.4',
      Accept: 'text/html',
    });
    expect(sealClientAddress(req, 0)).toBe('127.0.0.1');
    expect(req.headers['x-forwarded-for']).toBeUndefined();
    expect(req.headers['x-real-ip']).toBeUndefined();
    expect(req.headers[CLIENT_ADDRESS_HEADER]).toBe('127.0.0.1');
    expect(req.rawHeaders).toEqual(['Accept', 'text/html', CLIENT_ADDRESS_HEADER, '127.0.0.1']);
  });

  it('knows loopback', () => {
    expect(['127.0.0.1', '127.8.9.10', '::1'].every(isLoopback)).toBe(true);
    expect(['192.0.2.2', '::ffff:8.8.8.8', 'unknown', '127.0.0.1.evil'].some(isLoopback)).toBe(
      false,
    );
  });
});
