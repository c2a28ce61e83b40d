import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { expect } from '@playwright/test';

/**
 * A production server of a test's own (server.ts, in-memory database), for what the shared e2e
 * server must not share: limits it fills, settings it runs with, a shutdown it goes through.
 * Resolves once `probe` answers 200: /api/v1/health (up), or /api/v1/health/ready (the home page
 * rendered, as a load balancer waits for before sending players).
 */
export async function startOwnServer({
  port,
  env = {},
  stdio = ['ignore', 'ignore', 'inherit'],
  timeout = 90_000,
  probe = '/api/v1/health',
}: {
  port: number;
  env?: Record<string, string>;
  stdio?: StdioOptions;
  timeout?: number;
  probe?: '/api/v1/health' | '/api/v1/health/ready';
}): Promise<{ server: ChildProcess; origin: string }> {
  const origin = `http://localhost:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      SITE_URL: origin,
      PGLITE_DATA_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      // Making a Crash chain costs a core for seconds: only a test of Crash turns it back on.
      CRASH_ENGINE: 'false',
      ...env,
    },
    stdio,
  });
  await expect
    .poll(async () => (await fetch(`${origin}${probe}`).catch(() => null))?.status, {
      timeout,
    })
    .toBe(200);
  return { server, origin };
}
