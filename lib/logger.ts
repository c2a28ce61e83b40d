import pino from 'pino';

/**
 * Structured JSON logs for the whole process (server.ts, route handlers, domain code).
 * Lives outside lib/server because server.ts runs outside Next's bundler, where `server-only` throws.
 */
export const logger: pino.Logger =
  globalThis.__appLogger ??
  (globalThis.__appLogger = pino({
    level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
    base: { service: 'casino-platform' },
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
  }));
