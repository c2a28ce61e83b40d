import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

/** Headers the cache computes again for every copy it sends. */
const DROPPED_HEADERS = new Set(['date', 'content-length', 'transfer-encoding', 'connection']);

export type Captured = { status: number; headers: OutgoingHttpHeaders; body: string };

/** Where a held page is written: the response's own methods, past Next's and the cache's wrappers. */
export type Writer = Pick<ServerResponse, 'writeHead' | 'end' | 'destroyed'>;

/**
 * What came of a render: the held page; `passed` when it went out as it came (not a storable page,
 * or too big); `abandoned` when its visitor left or it took longer than the timeout.
 */
export type Capture = { page: Captured; writer: Writer } | 'passed' | 'abandoned';

export type CaptureOptions = {
  /** A page bigger than this is sent as it came, not held. */
  maxBytes: number;
  /**
   * How long the page may take before it is no longer held: what was held so far goes out and the
   * rest streams straight to its visitor, never stored.
   */
  timeoutMs: number;
};

/**
 * Runs `render` with the response's writes held back when it turns out to be a storable page (200,
 * HTML, no cookie set); anything else goes straight through. Resolves with the held page and the
 * writer to send it with.
 *
 * It always settles, whatever Next does: abandoned when the visitor leaves before the page is
 * whole (Next stops rendering and never ends the response) or when the render is slower than
 * `timeoutMs`; it rejects when the render throws.
 *
 * The wrappers stay on the response for its whole life (Next may wrap them in turn): they forward
 * in pass mode and swallow what Next writes after the held page ended, which the cache sends, and
 * anything written after the visitor left.
 */
export function capture(
  res: ServerResponse,
  render: () => Promise<void>,
  { maxBytes, timeoutMs }: CaptureOptions,
): Promise<Capture> {
  const original = {
    writeHead: res.writeHead.bind(res),
    write: res.write.bind(res),
    end: res.end.bind(res),
    flushHeaders: res.flushHeaders.bind(res),
  };
  const writer: Writer = {
    writeHead: original.writeHead,
    end: original.end,
    get destroyed() {
      return res.destroyed;
    },
  };
  let mode: 'undecided' | 'hold' | 'held' | 'pass' | 'gone' = 'undecided';
  const passing = () => mode === 'pass';
  const chunks: Buffer[] = [];
  let size = 0;
  const later = (...args: unknown[]) => {
    const done = args.find((arg) => typeof arg === 'function');
    if (done) process.nextTick(done as () => void);
  };

  return new Promise((settle, fail) => {
    if (res.destroyed) {
      mode = 'gone';
      settle('abandoned');
      return;
    }
    const resolve = (value: Capture) => {
      clearTimeout(timer);
      res.off('close', leave);
      settle(value);
    };
    const reject = (error: unknown) => {
      clearTimeout(timer);
      res.off('close', leave);
      fail(error);
    };
    // The visitor left before the page was whole: nothing more goes out, nothing is kept.
    const leave = () => {
      if (mode !== 'undecided' && mode !== 'hold') return;
      mode = 'gone';
      chunks.length = 0;
      resolve('abandoned');
    };
    // Too slow to wait for: the visitor gets what was held and the rest as it comes.
    const release = () => {
      if (mode === 'hold') {
        original.writeHead(res.statusCode);
        if (chunks.length) original.write(Buffer.concat(chunks));
        chunks.length = 0;
      }
      if (mode === 'undecided' || mode === 'hold') {
        mode = 'pass';
        resolve('abandoned');
      }
    };
    res.once('close', leave);
    const timer = setTimeout(release, timeoutMs);
    const decide = () => {
      if (mode !== 'undecided') return;
      const type = String(res.getHeader('content-type') ?? '');
      const storable =
        res.statusCode === 200 &&
        type.startsWith('text/html') &&
        res.getHeader('set-cookie') === undefined &&
        res.getHeader('content-encoding') === undefined;
      mode = storable ? 'hold' : 'pass';
      if (mode === 'pass') resolve('passed');
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
      if (mode === 'gone') return res;
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
      if (mode === 'gone') return;
      decide();
      if (mode === 'pass') original.flushHeaders();
    };
    res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
      if (mode === 'gone') {
        // Into the void without backpressure: a writer left waiting for 'drain' would never let go.
        later(encoding, callback);
        return true;
      }
      decide();
      if (mode === 'pass')
        return (original.write as (...a: unknown[]) => boolean)(chunk, encoding, callback);
      if (mode === 'hold') collect(chunk, encoding);
      later(encoding, callback);
      return true;
    }) as typeof res.write;
    res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
      if (mode === 'gone') {
        later(chunk, encoding, callback);
        return res;
      }
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
        resolve('passed');
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
