#!/usr/bin/env node
/**
 * The wallet under load (issue 14): postings per second with 100 players posting at once, and the
 * p99 of the balances call (GET /api/v1/wallet/balances, with those players' tokens) while they do —
 * beside the same call on the idle server, measured in the same run. Goal: balances p99 ≤ 20 ms
 * under load on PostgreSQL. Prints figures; asserts nothing. Needs a production build.
 *
 *   BENCH_DATABASE_URL      PostgreSQL admin URL, required (a fresh database is made and dropped;
 *                           the embedded database takes one process at a time)
 *   BENCH_SECONDS=10        seconds per phase
 *   BENCH_CONNECTIONS=10    concurrent balances requests
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { waitFor, withFreshDatabase } from './lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const admin = process.env.BENCH_DATABASE_URL;
const port = 3420;

if (!admin) {
  console.error(
    'bench:wallet measures PostgreSQL: set BENCH_DATABASE_URL (e.g. postgres://postgres:postgres@127.0.0.1:5432/postgres).',
  );
  process.exit(1);
}

/** GET /wallet/balances for BENCH_SECONDS, each request with the next player's token. */
async function balances(origin, tokens) {
  let next = 0;
  const result = await autocannon({
    url: `${origin}/api/v1/wallet/balances`,
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          headers: {
            ...req.headers,
            authorization: `Bearer ${tokens[(next += 1) % tokens.length]}`,
          },
        }),
      },
    ],
  });
  return { ...result.latency, rps: result.requests.average, errors: result.errors + result.non2xx };
}

await withFreshDatabase(admin, 'bench_wallet', async (url) => {
  const env = {
    ...process.env,
    DATABASE_URL: url,
    LOG_LEVEL: 'warn',
    BENCH_SECONDS: String(seconds),
  };
  const server = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    cwd: root,
    env: {
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      SITE_URL: `http://localhost:${port}`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let loader;
  try {
    const origin = `http://localhost:${port}`;
    await waitFor(`${origin}/api/v1/health`);
    // Started once the server has migrated the fresh database (two migrating at once collide).
    loader = spawn(
      process.execPath,
      ['--conditions=react-server', '--import', 'tsx', 'bench/wallet-load.mts'],
      { cwd: root, env: { ...env, NODE_ENV: 'production' }, stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const output = createInterface({ input: loader.stdout });
    const line = (prefix) =>
      new Promise((resolve) =>
        output.on(
          'line',
          (l) => l.startsWith(prefix) && resolve(JSON.parse(l.slice(prefix.length))),
        ),
      );
    const tokens = await line('ready ');
    await fetch(`${origin}/api/v1/wallet/balances`, {
      headers: { authorization: `Bearer ${tokens[0]}` },
    });
    const idle = await balances(origin, tokens);
    const done = line('done ');
    loader.stdin.write('go\n');
    const loaded = await balances(origin, tokens);
    const load = await done;

    console.log(
      `\nWallet on PostgreSQL: 100 players posting, ${connections} balances callers, ${seconds}s per phase`,
    );
    console.log(
      `postings/s            ${(load.postings / load.seconds).toFixed(0)} (${load.postings} in ${load.seconds.toFixed(1)} s; posting p50 ${load.p50.toFixed(1)} ms, p99 ${load.p99.toFixed(1)} ms; refused ${load.refused})`,
    );
    console.log('balances call            p50 ms p97.5ms  p99 ms   req/s  errors');
    for (const [name, r] of [
      ['idle (baseline)', idle],
      ['under posting load', loaded],
    ]) {
      console.log(
        `${name.padEnd(24)} ${String(r.p50).padStart(7)} ${String(r.p97_5).padStart(7)} ${String(r.p99).padStart(7)} ${r.rps.toFixed(0).padStart(7)} ${String(r.errors).padStart(7)}`,
      );
    }
    console.log(
      `goal: balances p99 under load ≤ 20 ms: ${loaded.p99 <= 20 ? '✓' : '✗'} (${loaded.p99} ms)`,
    );
    console.log(
      `ledger invariants after the run: ${load.violations === 0 ? '✓ all hold' : `✗ ${load.violations} broken`}`,
    );
  } finally {
    loader?.kill('SIGTERM');
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
});
