import type { ChildProcess } from 'node:child_process';
import { request as apiRequest } from '@playwright/test';
import { Client } from 'pg';
import { E2E_OPERATOR_TOKEN } from '../playwright.config';
import { apiPlayer, uniqueEmail } from './auth-helpers';
import { expect, test } from './fixtures';
import { startOwnServer } from './own-server';

/**
 * Two server processes on one PostgreSQL database and one Redis, as a casino runs behind a load
 * balancer: a notice published on A reaches a player whose page is connected to B, live, and B's
 * drawer lists it. Runs only in the `cluster` project (playwright.config), which exists when the
 * test PostgreSQL and Redis are there (.ci/run starts both).
 */
const databaseUrl = process.env.TEST_DATABASE_URL!;
const redisUrl = process.env.TEST_REDIS_URL!;

test('a notice published on server A appears live on a page served by server B', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const name = `cluster_${Date.now().toString(36)}`;
  const admin = new Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const env = {
    DATABASE_URL: url.href,
    REDIS_URL: redisUrl,
    AUTH_SECRET: 'cluster-test-secret-0123456789abcdefghijkl',
    OPERATOR_TOKEN: E2E_OPERATOR_TOKEN,
    DEV_OUTBOX: 'true',
  };
  const servers: ChildProcess[] = [];
  try {
    // Started together: they take turns to migrate and seed the one database. B is a web-only
    // replica (JOB_WORKERS=false), so the notice is released on A and reaches B through Redis.
    const [a, b] = await Promise.all(
      [
        { port: 3140, jobs: 'true' },
        { port: 3141, jobs: 'false' },
      ].map(async ({ port, jobs }) => {
        const started = await startOwnServer({
          port,
          env: { ...env, JOB_WORKERS: jobs },
          timeout: 150_000,
        });
        servers.push(started.server);
        return started;
      }),
    );
    const onA = await apiRequest.newContext({ baseURL: a!.origin });
    const tokens = await apiPlayer(onA, uniqueEmail('cluster'));
    const userId = String(
      JSON.parse(Buffer.from(tokens.token.split('.')[1]!, 'base64url').toString()).sub,
    );

    await page.addInitScript((t) => {
      localStorage.setItem('accessToken', t.token);
      localStorage.setItem('getStreamToken', t.getStreamToken);
    }, tokens);
    await page.goto(`${b!.origin}/`);
    await page.getByRole('button', { name: 'Notifications (0 unread)' }).click();
    const drawer = page.getByRole('region', { name: 'Notifications' });
    await drawer.getByRole('tab', { name: 'Personal (0 unread)' }).click();
    await expect(drawer.getByText('Nothing here yet.')).toBeVisible();

    const published = await onA.post('/api/v1/operator/notices', {
      headers: { Authorization: `Bearer ${E2E_OPERATOR_TOKEN}` },
      data: { audience: 'personal', userId, category: 'news', title: 'Published on server A' },
    });
    expect(published.status()).toBe(200);
    await expect(drawer.getByRole('tab', { name: 'Personal (1 unread)' })).toBeVisible();
    await expect(drawer.getByText('Published on server A')).toBeVisible();
    await onA.dispose();
  } finally {
    await Promise.all(
      servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            server.once('exit', () => resolve());
            server.kill('SIGTERM');
          }),
      ),
    );
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
});
