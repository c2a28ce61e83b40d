import { logger } from './lib/logger';

/** Runs once when the server starts: migrate (and seed) the database before the first request. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  try {
    const { getDbHandle } = await import('./lib/server/db');
    const { authenticateStream } = await import('./lib/server/auth/session');
    // server.ts's socket handshake checks stream tokens through this (it cannot import server-only code).
    (globalThis as { __streamAuth?: unknown }).__streamAuth = authenticateStream;
    // …and back-office staff sockets through this (the session cookie's token).
    const { announceBackOfficeOrigin, staffByToken } = await import('./lib/server/staff/sessions');
    (globalThis as { __staffAuth?: unknown }).__staffAuth = staffByToken;
    announceBackOfficeOrigin();
    const { announceOutbox } = await import('./lib/server/delivery/outbox');
    const { announceSecrets } = await import('./lib/server/auth/secrets');
    const { announceContentScripts } = await import('./lib/content/site-scripts');
    const { config } = await import('./lib/config');
    announceOutbox();
    announceSecrets();
    announceContentScripts({
      scriptOrigins: config.SCRIPT_ORIGINS,
      allowInline: config.ALLOW_INLINE_CMS_SCRIPTS,
    });
    await getDbHandle();
    // server.ts answers the aggregator's wallet calls ahead of Next (lib/serve/casino-wallet.ts)
    // in production; in development Next's route does, so an edit of the wallet is live at once.
    if (process.env.NODE_ENV === 'production') {
      const { walletEndpoint } = await import('./lib/server/casino/wallet-endpoint');
      globalThis.__walletEndpoint = walletEndpoint() ?? undefined;
    }
    // A build prerenders pages in short-lived workers: no job polling or subscriptions there.
    if (process.env.NEXT_PHASE !== 'phase-production-build') {
      // With REDIS_URL, a CMS change received by another server drops this one's copies too.
      const { listenForInvalidations } = await import('./lib/content/invalidate');
      await listenForInvalidations().catch((err: unknown) =>
        logger.warn({ err }, 'content invalidations from other servers are not heard'),
      );
      // The local demo's back-office admin (npm start prints its credentials); nothing elsewhere.
      const { ensureDemoAdmin } = await import('./lib/server/staff/demo-admin');
      await ensureDemoAdmin().catch((err: unknown) =>
        logger.error({ err }, 'the demo admin could not be made'),
      );
      const { startAll } = await import('./lib/server/jobs/workers');
      await startAll();
      // What the configured aggregator plays (and its RTPs), before the first page is rendered.
      const { keepAggregatorGames } = await import('./lib/server/casino/game-list');
      await keepAggregatorGames();
      // The sportsbook's demo feed, where asked for on a local demo.
      const { runDemoFeed } = await import('./lib/server/sportsbook/feed');
      await runDemoFeed().catch((err: unknown) =>
        logger.error({ err }, 'the sportsbook demo feed did not load'),
      );
      // Crash's round engine: it leads when it holds the lock, and waits its turn otherwise.
      const { startCrashEngine } = await import('./lib/server/originals/crash/engine');
      await startCrashEngine().catch((err: unknown) =>
        logger.error({ err }, 'the Crash engine did not start'),
      );
    }
  } catch (err) {
    // Not fatal here: the first request that needs the database tries again and reports the failure.
    logger.error({ err }, 'database not ready at start');
  }
}
