import { randomBytes, timingSafeEqual } from 'node:crypto';
import { request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Marks the readiness call's own page request; any other copy is removed on arrival. */
export const PROBE_HEADER = 'x-render-probe';

export type ProbeResult =
  | { ok: true; path: string; status: number; ms: number }
  | { ok: false; path: string; status: number | null; ms: number; reason: string };

/**
 * The readiness call's look at the renderer (issue 32): one real page asked of this very server
 * over loopback, through the page cache like any visitor's, except that it never takes a stored
 * copy — it renders, or waits on the render in flight — so a renderer that no longer finishes
 * pages is seen by a load balancer even while the stored copies still answer.
 *
 * Callers at the same moment share one probe, and a result is reused for `reuseMs`, so the call
 * cannot be used to make the server render on demand.
 */
export function createPageProbe({
  server,
  path = '/',
  timeoutMs,
  reuseMs = 1_000,
}: {
  server: Server;
  path?: string;
  timeoutMs: number;
  reuseMs?: number;
}) {
  const secret = randomBytes(24).toString('base64url');
  let last: { at: number; result: Promise<ProbeResult> } | null = null;

  /** True for the probe's own request; strips the header from every other one. */
  function isProbe(req: IncomingMessage): boolean {
    const value = req.headers[PROBE_HEADER];
    delete req.headers[PROBE_HEADER];
    if (typeof value !== 'string' || value.length !== secret.length) return false;
    return timingSafeEqual(Buffer.from(value), Buffer.from(secret));
  }

  function once(): Promise<ProbeResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const address = server.address() as AddressInfo | null;
    return new Promise((resolve) => {
      if (!address) {
        resolve({ ok: false, path, status: null, ms: 0, reason: 'not listening' });
        return;
      }
      const host = ['0.0.0.0', '::'].includes(address.address)
        ? address.family === 'IPv6'
          ? '::1'
          : '127.0.0.1'
        : address.address;
      const fail = (status: number | null, reason: string) =>
        resolve({ ok: false, path, status, ms: elapsed(), reason });
      // A deadline for the whole page, not for each silence between two chunks.
      const deadline = setTimeout(() => {
        req.destroy();
        fail(null, `no page within ${timeoutMs} ms`);
      }, timeoutMs);
      const req = request(
        { host, port: address.port, path, method: 'GET', headers: { [PROBE_HEADER]: secret } },
        (res) => {
          // The page counts only when it arrived whole.
          res.resume();
          res.on('end', () => {
            clearTimeout(deadline);
            if (res.statusCode === 200) {
              resolve({ ok: true, path, status: 200, ms: elapsed() });
            } else fail(res.statusCode ?? null, `status ${res.statusCode}`);
          });
          res.on('error', (err) => fail(res.statusCode ?? null, err.message));
        },
      );
      req.on('error', (err) => {
        clearTimeout(deadline);
        fail(null, err.message);
      });
      req.end();
    });
  }

  function probe(): Promise<ProbeResult> {
    const now = Date.now();
    if (!last || now - last.at > reuseMs) {
      const result = once();
      last = { at: now, result };
      // Measured from when it settled: a slow probe is not asked again at once.
      void result.then(() => {
        if (last?.result === result) last.at = Date.now();
      });
    }
    return last.result;
  }

  return { probe, isProbe };
}

export type PageProbe = ReturnType<typeof createPageProbe>;
