import { isIP } from 'node:net';
import type { IncomingHttpHeaders } from 'node:http';

/** What of a Node request the address is read from (an IncomingMessage is one). */
type NodeRequest = {
  headers: IncomingHttpHeaders;
  rawHeaders: string[];
  socket?: { remoteAddress?: string };
};

/**
 * The one header route handlers read the caller's address from. server.ts sets it on every request
 * and socket handshake after removing any copy the client sent, so nobody outside can choose it.
 */
export const CLIENT_ADDRESS_HEADER = 'x-platform-client-address';

/** Headers a client could use to claim an address; none of them reaches Next. */
const ADDRESS_HEADERS = [
  'x-forwarded-for',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'forwarded',
  CLIENT_ADDRESS_HEADER,
];

function normalize(address: string | undefined): string | null {
  if (!address) return null;
  const trimmed = address.trim();
  const plain =
    trimmed.startsWith('::ffff:') && isIP(trimmed.slice(7)) === 4 ? trimmed.slice(7) : trimmed;
  return isIP(plain) ? plain : null;
}

/**
 * The caller as far as it can be trusted: the socket's peer, or with `hops` proxies in front
 * (TRUSTED_PROXY_HOPS) the entry that many places from the right of X-Forwarded-For — each trusted
 * proxy appends the address it saw, so entries further left are the client's own claims. An entry
 * that is not an address stops the walk at the last trusted one.
 */
export function clientAddressOf(req: Omit<NodeRequest, 'rawHeaders'>, hops: number): string {
  const peer = normalize(req.socket?.remoteAddress) ?? 'unknown';
  if (hops <= 0) return peer;
  const raw = req.headers['x-forwarded-for'];
  const entries = (Array.isArray(raw) ? raw.join(',') : (raw ?? ''))
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)
    .reverse();
  let address = peer;
  for (let i = 0; i < Math.min(hops, entries.length); i += 1) {
    const entry = normalize(entries[i]);
    if (!entry) break;
    address = entry;
  }
  return address;
}

/**
 * Replaces whatever address headers arrived with the one computed here. Called by server.ts for
 * every HTTP request and socket handshake before anything else sees them.
 */
export function sealClientAddress(req: NodeRequest, hops: number): string {
  const address = clientAddressOf(req, hops);
  for (const name of ADDRESS_HEADERS) delete req.headers[name];
  const raw: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (!ADDRESS_HEADERS.includes(req.rawHeaders[i]!.toLowerCase())) {
      raw.push(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
    }
  }
  raw.push(CLIENT_ADDRESS_HEADER, address);
  req.rawHeaders.splice(0, req.rawHeaders.length, ...raw);
  req.headers[CLIENT_ADDRESS_HEADER] = address;
  return address;
}

/** Loopback: the machine itself (the development outbox answers nobody else). */
export function isLoopback(address: string): boolean {
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);
}
