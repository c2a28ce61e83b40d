/**
 * One process, one port: Next.js serves the site and /api/v1, socket.io shares the HTTP server.
 * `npm start` runs it in production mode; `npm run dev` with --dev.
 */
// First, before Next loads: every request's snapshot of its async context (lib/serve/async-bind.ts).
import './lib/serve/async-bind-install';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import next from 'next';
import { Server } from 'socket.io';
import { loadConfig } from './lib/config';
import { logger } from './lib/logger';
import { sealClientAddress } from './lib/serve/client-address';
import { createHtmlCache } from './lib/serve/html-cache';
import { HTTP_LIMITS, SOCKET_LIMITS, httpServerOptions } from './lib/serve/http-limits';
import { createApartRenderer } from './lib/serve/apart-render';
import { answerWalletCall } from './lib/serve/casino-wallet';
import { createPageProbe } from './lib/serve/page-probe';
import { collectRenderTags } from './lib/serve/render-tags';
import { guardRequest } from './lib/serve/request-guard';
import { createNonce } from './lib/security/csp';
import { isOriginAllowed } from './lib/realtime/origin';
import { attachRedisAdapter } from './lib/realtime/redis-adapter';
import {
  attachSocketAuth,
  type StaffAuthenticator,
  type StreamAuthenticator,
} from './lib/realtime/socket-auth';

/**
 * Longer than what the close waits on by its own limits (the job queue: 5 s for the jobs it
 * holds, then 5 s for its statements; the crash round and the demo feed's pass in flight), and
 * shorter than an orchestrator's usual 30 s before it kills.
 */
const SHUTDOWN_GRACE_MS = 20_000;
/** How long a request still running at shutdown may take before its connection is cut. */
const SHUTDOWN_REQUESTS_MS = 5_000;

async function main(): Promise<void> {
  const config = loadConfig(); // fails fast on a bad environment
  const dev = process.argv.includes('--dev');
  // tsx turns Node's source maps on, and Node then parses and keeps the map of every chunk Next
  // loads: half the production heap (155 → 88 MiB), and every full collection marks it again — a
  // 100–250 ms stall of every request on two cores (`npm run bench:wallet`). `next start` runs
  // without them too; development keeps them for readable stacks.
  if (!dev) process.setSourceMapsEnabled(false);
  const app = next({ dev, dir: process.cwd(), hostname: 'localhost', port: config.PORT });
  await app.prepare();
  const handle = app.getRequestHandler();
  const upgrade = app.getUpgradeHandler();
  // Node's connection limits are set on purpose (lib/serve/http-limits.ts, docs/security.md).
  const server = createServer(httpServerOptions, (req, res) => serve(req, res));
  // The pages' own calls to the API (lib/api/base-url.ts) and the page cache's renders arrive on a
  // loopback listener of their own: a flood of connections on the public port must not hold them up.
  const internal = createServer(
    // Nobody but this process calls it: an idle connection goes after 5 s, not a balancer's 65.
    { ...httpServerOptions, keepAliveTimeout: 5_000 },
    (req, res) => serve(req, res),
  );
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
  process.env.INTERNAL_API_ORIGIN = `http://127.0.0.1:${(internal.address() as AddressInfo).port}`;
  // Pages are rendered apart from the visitor who asked (lib/serve/apart-render.ts).
  const apart = createApartRenderer({
    target: () => internal,
    capMs: config.HTML_RENDER_TIMEOUT_MS * 6,
  });
  // Rendered pages kept for a few seconds, a fresh nonce in every copy (lib/serve/html-cache.ts).
  const pages = createHtmlCache({
    ttlMs: dev ? 0 : config.HTML_CACHE_TTL_MS,
    renderApart: apart.render,
    renderTimeoutMs: config.HTML_RENDER_TIMEOUT_MS,
    createNonce,
  });
  // Content invalidation (the CMS webhook) drops the pages that show a changed document.
  globalThis.__htmlCache = pages;
  // The readiness call renders a page through all of serve() on the public port (GET /api/v1/health/ready).
  const probe = createPageProbe({ server, timeoutMs: config.HTML_RENDER_TIMEOUT_MS });
  globalThis.__pageProbe = probe.probe;

  function serve(req: IncomingMessage, res: ServerResponse): void {
    const failed = (err: unknown) => {
      logger.error({ err, url: req.url }, 'request failed');
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    };
    // A render the page cache asked for: Next answers it, its content documents noted. Its caller
    // address is the visitor's, forwarded by the cache.
    const tags = apart.claim(req);
    if (tags) {
      if (guardRequest(req, res, { production: !dev })) return;
      collectRenderTags(tags, () => handle(req, res)).catch(failed);
      return;
    }
    // Before Next sees the request: the caller's address from the socket (and trusted proxies
    // only), baseline security headers, and no undecodable path reaching Next's router.
    sealClientAddress(req, config.TRUSTED_PROXY_HOPS);
    if (guardRequest(req, res, { production: !dev })) return;
    // An aggregator's wallet call (a bet, a win) is answered here, without Next's request handling.
    if (answerWalletCall(req, res, failed)) return;
    const fresh = probe.isProbe(req);
    pages.handle(req, res, () => handle(req, res), { fresh }).catch(failed);
  }

  const io = new Server(server, {
    path: config.SOCKET_PATH,
    serveClient: false,
    destroyUpgrade: false,
    // A connection that never joins a namespace (a flood's half-open handshakes) is dropped after
    // 10 s, not socket.io's 45 s; no message a player sends comes near 64 KiB (socket.io: 1 MB).
    connectTimeout: SOCKET_LIMITS.connectTimeout,
    maxHttpBufferSize: SOCKET_LIMITS.maxHttpBufferSize,
    allowRequest: (req, callback) => {
      sealClientAddress(req, config.TRUSTED_PROXY_HOPS);
      const allowed = isOriginAllowed(req.headers.origin, {
        siteUrl: config.SITE_URL,
        allowedOrigins: config.ALLOWED_ORIGINS,
        host: req.headers.host,
      });
      if (!allowed) logger.warn({ origin: req.headers.origin }, 'socket origin refused');
      callback(allowed ? null : 'origin not allowed', allowed);
    },
  });
  // With REDIS_URL, an event emitted on any server reaches the sockets of every server.
  const closeAdapter = config.REDIS_URL
    ? await attachRedisAdapter(io, config.REDIS_URL, (err) =>
        logger.warn({ err }, 'socket.io redis adapter error'),
      )
    : async () => {};
  // Route handlers and jobs emit through the same instance (notices, balances, disconnects).
  globalThis.__io = io;
  // The stream-token check lives in Next's server bundle (instrumentation.ts puts it on globalThis).
  const bridges = globalThis as {
    __streamAuth?: StreamAuthenticator;
    __staffAuth?: StaffAuthenticator;
  };
  attachSocketAuth(
    io,
    async (token) => (bridges.__streamAuth ? bridges.__streamAuth(token) : null),
    async (token) => (bridges.__staffAuth ? bridges.__staffAuth(token) : null),
  );
  io.on('connection', (socket) => {
    logger.debug({ id: socket.id }, 'socket connected');
    socket.on('disconnect', (reason) =>
      logger.debug({ id: socket.id, reason }, 'socket disconnected'),
    );
  });

  // Next's own upgrades (dev hot reload) pass through; socket.io answers its path.
  server.on('upgrade', (req, socket, head) => {
    if (!req.url?.startsWith(config.SOCKET_PATH)) void upgrade(req, socket, head);
  });

  // A long accept queue: under a connection flood new visitors (and the pages' own calls to the
  // API on this port) wait their turn instead of having their connection attempts dropped.
  server.listen({ port: config.PORT, host: config.HOST, backlog: HTTP_LIMITS.backlog }, () => {
    logger.info(
      {
        url: `http://localhost:${config.PORT}`,
        dev,
        database: config.DATABASE_URL ? 'postgres' : 'pglite',
      },
      'server listening',
    );
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const started = Date.now();
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    force.unref();
    // Each step logged with the time since the signal: a slow shutdown shows where it waited.
    const step = (name: string) =>
      logger.info({ step: name, ms: Date.now() - started }, 'shutdown');
    // The HTTP close waits for every open connection: idle keep-alive ones are closed at once
    // (Node does that in close()), a request still running gets a few seconds, then is cut.
    const cut = setTimeout(() => {
      step('connections cut');
      server.closeAllConnections();
    }, SHUTDOWN_REQUESTS_MS);
    cut.unref();
    io.close(async () => {
      step('sockets and http closed');
      // The database handle is opened inside Next's bundle and shared through globalThis.
      const db = (globalThis as { __dbHandle?: Promise<{ close: () => Promise<void> }> })
        .__dbHandle;
      await db?.then((h) => h.close()).catch(() => undefined);
      step('database closed');
      await closeAdapter().catch(() => undefined);
      await app.close?.();
      logger.info({ ms: Date.now() - started }, 'shut down');
      process.exit(0);
    });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  // Started by `npm start` (scripts/start.mjs, over an IPC channel): a launcher killed outright
  // sends no signal, and a server left running would keep paying out from the demo's hot wallet
  // to whatever chain later answers at its address.
  if (process.connected) process.once('disconnect', () => shutdown('launcher gone'));
}

main().catch((err: unknown) => {
  logger.fatal({ err }, 'server failed to start');
  process.exit(1);
});
