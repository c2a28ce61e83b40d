import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

/** Headers the cache computes again for every copy it sends. */
const DROPPED_HEADERS = new Set(['date', 'content-length', 'transfer-encoding', 'connection']);

export type Captured = { status: number; headers: OutgoingHttpHeaders; body: string };

/** Where a held page is written: the response's own methods, past Next's and the cache's wrappers. */
export type Writer = Pick<ServerResponse, 'writeHead' | 'end'>;

/**
 * Runs `render` with the response's writes held back when it turns out to be a storable page (200,
 * HTML, no cookie set); anything else goes straight through. Resolves with the held page and the
 * writer to send it with, or null when the response went out as it came.
 *
 * The wrappers stay on the response for its whole life (Next may wrap them in turn): they forward
 * in pass mode and swallow what Next writes after the held page ended, which the cache sends.
 */
export function capture(
  res: ServerResponse,
  render: () => Promise<void>,
  maxBytes: number,
): Promise<{ page: Captured; writer: Writer } | null> {
  const original = {
    writeHead: res.writeHead.bind(res),
    write: res.write.bind(res),
    end: res.end.bind(res),
    flushHeaders: res.flushHeaders.bind(res),
  };
  const writer: Writer = { writeHead: original.writeHead, end: original.end };
  let mode: 'undecided' | 'hold' | 'held' | 'pass' = 'undecided';
  const passing = () => mode === 'pass';
  const chunks: Buffer[] = [];
  let size = 0;
  const later = (...args: unknown[]) => {
    const done = args.find((arg) => typeof arg === 'function');
    if (done) process.nextTick(done as () => void);
  };

  return new Promise((resolve, reject) => {
    const decide = () => {
      if (mode !== 'undecided') return;
      const type = String(res.getHeader('content-type') ?? '');
      const storable =
        res.statusCode === 200 &&
        type.startsWith('text/html') &&
        res.getHeader('set-cookie') === undefined &&
        res.getHeader('content-encoding') === undefined;
      mode = storable ? 'hold' : 'pass';
      if (mode === 'pass') resolve(null);
    };
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk)
          : Buffer.from(
              String(chunk),
              typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8',
            );
      chunks.push(buffer);
      size += buffer.length;
    };

    res.writeHead = ((status: number, ...rest: unknown[]) => {
      if (mode === 'pass')
        return (original.writeHead as (...a: unknown[]) => ServerResponse)(status, ...rest);
      if (mode === 'held') return res;
      res.statusCode = status;
      const headers = rest.find((arg) => typeof arg === 'object' && arg !== null);
      if (headers) {
        const list = Array.isArray(headers) ? headers : Object.entries(headers);
        for (const [name, value] of list as [string, string | string[]][])
          res.setHeader(name, value);
      }
      decide();
      // decide() may have just chosen: read the mode again (TypeScript keeps the narrowed one).
      if (passing()) return original.writeHead(status);
      return res;
    }) as typeof res.writeHead;
    res.flushHeaders = () => {
      decide();
      if (mode === 'pass') original.flushHeaders();
    };
    res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
      decide();
      if (mode === 'pass')
        return (original.write as (...a: unknown[]) => boolean)(chunk, encoding, callback);
      if (mode === 'hold') collect(chunk, encoding);
      later(encoding, callback);
      return true;
    }) as typeof res.write;
    res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
      decide();
      if (mode === 'pass')
        return (original.end as (...a: unknown[]) => ServerResponse)(chunk, encoding, callback);
      later(chunk, encoding, callback);
      if (mode === 'held') return res;
      collect(chunk, encoding);
      mode = 'held';
      const headers = { ...res.getHeaders() };
      for (const name of Object.keys(headers)) {
        if (DROPPED_HEADERS.has(name)) delete headers[name];
        res.removeHeader(name);
      }
      const body = Buffer.concat(chunks);
      if (size > maxBytes) {
        // Too big to keep: sent as it came.
        writer.writeHead(res.statusCode, headers);
        writer.end(body);
        resolve(null);
      } else {
        resolve({ page: { status: res.statusCode, headers, body: body.toString('utf8') }, writer });
      }
      return res;
    }) as typeof res.end;

    render().then(
      () => {
        // A handler that resolves before ending the response is still writing (streaming).
      },
      (error: unknown) => {
        if (mode === 'undecided' || mode === 'hold') mode = 'pass';
        reject(error);
      },
    );
  });
}
