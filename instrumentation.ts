import { logger } from './lib/logger';

/** Runs once when the server starts: migrate (and seed) the database before the first request. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  try {
    const { getDbHandle } = await import('./lib/server/db');
    const { authenticateStream } = await import('./lib/server/auth/session');
    // server.ts's socket handshake checks stream tokens through this (it cannot import server-only code).
    (globalThis as { __streamAuth?: unknown }).__streamAuth = authenticateStream;
    const { announceOutbox } = await import('./lib/server/delivery/outbox');
    announceOutbox();
    await getDbHandle();
  } catch (err) {
    // Not fatal here: the first request that needs the database tries again and reports the failure.
    logger.error({ err }, 'database not ready at start');
  }
}
