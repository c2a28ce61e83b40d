import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  Agent,
  request,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** A whole answer of Next's: what the page cache keeps, or hands on to the one who asked. */
export type Rendered = { status: number; headers: OutgoingHttpHeaders; body: Buffer };

/** Marks a render the page cache asked for; any other copy of it is removed on arrival. */
export const APART_HEADER = 'x-render-apart';

/** Headers of a visitor's request that are about its connection, not about the page. */
const CONNECTION_HEADERS = new Set([
  'accept-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'transfer-encoding',
  'content-length',
]);
/** Headers of Next's answer the cache computes again for each copy it sends. */
const DROPPED_HEADERS = new Set([
  'date',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
]);

/**
 * Pages rendered apart from the visitor who asked (issue 32): the page cache sends the visitor's
 * request once more to this very server, over loopback, marked with a secret only this process
 * knows, and Next answers that copy instead. A visitor who leaves mid-render (a phone losing
 * signal, a client that hangs up on purpose) then costs no render: Next aborts only the renders
 * whose response closes, and this one's never does. The render's content tags (render-tags.ts)
 * reach the cache through the same process.
 *
 * `target` is the listener the copy goes to: server.ts's loopback one, so the copy never queues
 * behind a flood of connections on the public port. `capMs` bounds a render that never ends.
 */
export function createApartRenderer({ target, capMs }: { target: () => Server; capMs: number }) {
  const secret = randomBytes(24).toString('base64url');
  // Connections of its own, reused while renders come and let go 5 s after the last.
  const agent = new Agent({ keepAlive: true, timeout: 5_000, maxFreeSockets: 8 });
  const pending = new Map<string, Set<string>>();
  let sequence = 0;

  /**
   * The tags of the render this request is, when the cache sent it; null for anyone else's
   * request (whose copy of the header is removed).
   */
  function claim(req: IncomingMessage): Set<string> | null {
    const value = req.headers[APART_HEADER];
    delete req.headers[APART_HEADER];
    if (typeof value !== 'string') return null;
    const dot = value.indexOf('.');
    const given = Buffer.from(value.slice(0, dot));
    if (dot < 0 || given.length !== secret.length) return null;
    if (!timingSafeEqual(given, Buffer.from(secret))) return null;
    return pending.get(value.slice(dot + 1)) ?? null;
  }

  /** Renders the page `req` asks for as `req` would have it, collecting its tags into `tags`. */
  function render(req: IncomingMessage, tags: Set<string>): Promise<Rendered> {
    const id = String((sequence += 1));
    pending.set(id, tags);
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !CONNECTION_HEADERS.has(name)) headers[name] = value;
    }
    headers[APART_HEADER] = `${secret}.${id}`;
    const { port } = target().address() as AddressInfo;
    return new Promise<Rendered>((resolve, reject) => {
      // A cap on the whole render, not on each silence between two chunks.
      const cap = setTimeout(() => ask.destroy(new Error(`render over ${capMs} ms`)), capMs);
      const ask = request(
        { agent, host: '127.0.0.1', port, method: 'GET', path: req.url ?? '/', headers },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            clearTimeout(cap);
            const kept: OutgoingHttpHeaders = {};
            for (const [name, value] of Object.entries(answer.headers)) {
              if (value !== undefined && !DROPPED_HEADERS.has(name)) kept[name] = value;
            }
            resolve({
              status: answer.statusCode ?? 500,
              headers: kept,
              body: Buffer.concat(chunks),
            });
          });
          answer.on('error', reject);
        },
      );
      ask.on('error', (error) => {
        clearTimeout(cap);
        reject(error);
      });
      ask.end();
    }).finally(() => pending.delete(id));
  }

  return { render, claim };
}

export type ApartRenderer = ReturnType<typeof createApartRenderer>;
