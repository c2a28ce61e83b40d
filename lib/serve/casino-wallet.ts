import type { IncomingMessage, ServerResponse } from 'node:http';

/*
 * An aggregator's wallet calls, answered by server.ts ahead of Next. The aggregator calls for
 * every bet and every win, machine to machine: none of Next's routing, rendering or request
 * objects serve it, and on this path they cost as much as the call's own work (bench/README.md,
 * `bench:casino`). The wallet's code lives in Next's server bundle, so instrumentation.ts puts
 * the configured aggregator's endpoint on globalThis; until it has, and for any path it does not
 * take, Next's route answers (app/api/v1/casino/…), the same code behind both.
 */

/** One operation's handler: the answer's JSON (HTTP 200) for the body's bytes. */
export type WalletCallHandler = (
  /** Null when the body passed the endpoint's limit or was cut off. */
  raw: Buffer | null,
  header: (name: string) => string | null,
) => Promise<string>;

export type WalletEndpoint = {
  /** The most a body may hold: a call past it is answered without the rest being read. */
  maxBody: number;
  /** The handler of `op` (`transaction/bet`…) of the aggregator named in the path, or null. */
  route(provider: string, op: string): WalletCallHandler | null;
};

const PREFIX = '/api/v1/casino/';

function headerOf(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name.toLowerCase()];
  return typeof value === 'string' ? value : null;
}

/** The body whole, or null past `limit` (reading stops there) or when the client went away. */
function readWhole(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  if (Number(req.headers['content-length'] ?? 0) > limit) return Promise.resolve(null);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (value: Buffer | null) => {
      req.off('data', onData).off('end', onEnd).off('error', onCut).off('close', onCut);
      resolve(value);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      chunks.push(chunk);
      if (size <= limit) return;
      // The answer goes out now; request-guard closes the connection behind it.
      req.pause();
      settle(null);
    };
    const onEnd = () => settle(Buffer.concat(chunks, size));
    const onCut = () => settle(null);
    req.on('data', onData).on('end', onEnd).on('error', onCut).on('close', onCut);
  });
}

/**
 * Answers the request when it is a wallet call of the configured aggregator (a POST to
 * /api/v1/casino/<provider>/<operation>); false leaves it to Next. `failed` takes what went
 * wrong outside the handler's own answers (it logs and answers 500).
 */
export function answerWalletCall(
  req: IncomingMessage,
  res: ServerResponse,
  failed: (err: unknown) => void,
): boolean {
  const endpoint = globalThis.__walletEndpoint;
  const url = req.url ?? '/';
  if (!endpoint || req.method !== 'POST' || !url.startsWith(PREFIX)) return false;
  const query = url.indexOf('?');
  const rest = url.slice(PREFIX.length, query >= 0 ? query : undefined);
  const slash = rest.indexOf('/');
  const handle = slash > 0 ? endpoint.route(rest.slice(0, slash), rest.slice(slash + 1)) : null;
  if (!handle) return false;
  readWhole(req, endpoint.maxBody)
    .then((raw) => handle(raw, (name) => headerOf(req, name)))
    .then((text) => {
      res.writeHead(200, {
        'Content-Type': 'application/json',
        // As the API's own small answers (lib/server/http/handler.ts): never stored, never gzipped.
        'Cache-Control': 'no-store, no-transform',
        'Content-Length': Buffer.byteLength(text),
      });
      res.end(text);
    })
    .catch(failed);
  return true;
}
