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

/** Stops a server unless it is gone already (killed by the test). */
const stopped = (server: ChildProcess) =>
  server.exitCode !== null || server.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        server.once('exit', () => resolve());
        server.kill('SIGTERM');
      });

test('crash: one engine for two servers, cash-outs on both, and a killed leader taken over with its round refunded once', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const name = `crash_${Date.now().toString(36)}`;
  const admin = new Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const db = new Client({ connectionString: url.href });
  const env = {
    DATABASE_URL: url.href,
    REDIS_URL: redisUrl,
    AUTH_SECRET: 'cluster-crash-secret-0123456789abcdefghij',
    DEV_OUTBOX: 'true',
    CRASH_ENGINE: 'true',
    CRASH_CHAIN_LENGTH: '20000',
    CRASH_BETTING_MS: '5000',
    CRASH_PAUSE_MS: '1000',
  };
  const servers: ChildProcess[] = [];
  try {
    // A starts first and leads; B waits for the lock and hears A's rounds through Redis.
    const a = await startOwnServer({ port: 3142, env, timeout: 150_000 });
    servers.push(a.server);
    const b = await startOwnServer({ port: 3143, env, timeout: 150_000 });
    servers.push(b.server);
    await db.connect();
    const onA = await apiRequest.newContext({ baseURL: a.origin });
    const onB = await apiRequest.newContext({ baseURL: b.origin });
    const first = await apiPlayer(onA, uniqueEmail('crash-a'));
    const second = await apiPlayer(onB, uniqueEmail('crash-b'));
    const auth = (t: { token: string }) => ({ Authorization: `Bearer ${t.token}` });
    type Round = { id: string; game: number; state: string; startsAt: number };
    const roundOn = async (ctx: typeof onA) => {
      const body = await (await ctx.get('/api/v1/originals/crash')).json();
      return { round: body.data.round as Round | null, now: body.data.serverNow as number };
    };
    /** The next round taking bets with at least 2.5 s of betting left, as both servers see it. */
    const bettingRound = async () => {
      let found: Round | null = null;
      await expect
        .poll(
          async () => {
            const { round, now } = await roundOn(onB);
            found = round?.state === 'betting' && round.startsAt - now > 2500 ? round : null;
            return found !== null;
          },
          { timeout: 90_000, intervals: [250] },
        )
        .toBe(true);
      expect((await roundOn(onA)).round?.id).toBe(found!.id);
      return found!;
    };
    let keys = 0;
    const join = (ctx: typeof onA, t: { token: string }) =>
      ctx.post('/api/v1/originals/crash/bets', {
        headers: auth(t),
        data: { currency: 'USDT', amount: '0', idempotencyKey: `cluster-crash-${(keys += 1)}` },
      });

    // A guest's page on B watches the round A runs.
    await page.goto(`${b.origin}/x-games/crash`);
    const round = await bettingRound();
    const bets = await Promise.all([join(onA, first), join(onB, second)]);
    expect(bets.map((r) => r.status())).toEqual([200, 200]);
    const [betA, betB] = await Promise.all(bets.map(async (r) => (await r.json()).data));
    expect([betA.roundId, betB.roundId]).toEqual([round.id, round.id]);
    await expect(page.getByTestId('crash-player')).toHaveCount(2);
    // Running: the page on B hears A's curve, and each player cashes out on their own server.
    await expect(page.getByTestId('crash-status')).not.toContainText('taking bets', {
      timeout: 15_000,
    });
    const outs = await Promise.all([
      onA.post(`/api/v1/originals/crash/bets/${betA.id}/cashout`, { headers: auth(first) }),
      onB.post(`/api/v1/originals/crash/bets/${betB.id}/cashout`, { headers: auth(second) }),
    ]);
    // Judged by one clock against one bust instant: both in time, or (a round crashing at once)
    // both too late.
    const codes = await Promise.all(outs.map(async (r) => (await r.json()).code));
    expect([
      ['success', 'success'],
      ['CRASH_TOO_LATE', 'CRASH_TOO_LATE'],
    ]).toContainEqual(codes);
    const states = async () =>
      (await db.query(`SELECT state FROM crash_bets WHERE round_id = $1`, [round.id])).rows.map(
        (r) => r.state,
      );
    const settled = codes[0] === 'success' ? 'cashed_out' : 'busted';
    await expect.poll(states, { timeout: 60_000 }).toEqual([settled, settled]);

    // A dies with a bet in its next round: B takes the lead, aborts that round, refunds it once.
    const next = await bettingRound();
    const open = await join(onB, first);
    expect(open.status()).toBe(200);
    const openBet = (await open.json()).data;
    a.server.kill('SIGKILL');
    await expect
      .poll(async () => (await roundOn(onB)).round?.game ?? 0, { timeout: 60_000 })
      .toBeGreaterThan(next.game);
    const { rows: ended } = await db.query(`SELECT state FROM crash_rounds WHERE id = $1`, [
      next.id,
    ]);
    expect(ended).toEqual([{ state: 'aborted' }]);
    const { rows: refunds } = await db.query(
      `SELECT count(*)::int AS n FROM domain_events
        WHERE aggregate = $1 AND type = 'bet.settled' AND payload->>'status' = 'refunded'`,
      [`bet:originals:${openBet.id}`],
    );
    expect(refunds).toEqual([{ n: 1 }]);
    await onA.dispose();
    await onB.dispose();
  } finally {
    await Promise.all(servers.map(stopped));
    await db.end().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
});
