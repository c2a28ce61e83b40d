#!/usr/bin/env node
/**
 * The wallet under load (issue 14): postings per second with 100 players posting at once, and the
 * p99 of the balances call (GET /api/v1/wallet/balances, with those players' tokens) while they do —
 * beside the same call on the idle server, measured in the same run. Goal: balances p99 ≤ 20 ms
 * under load on PostgreSQL. Prints figures; asserts nothing. Needs a production build.
 *
 * The balances call is measured twice per phase: at a steady rate (BENCH_RATE requests a second,
 * evenly spaced, as the 100 players' headers would ask — the latency a player sees, and the goal's
 * figure), and
 * flat out (BENCH_CONNECTIONS callers back to back — the server's ceiling, where latency is mostly
 * the callers queueing behind each other on two cores).
 *
 *   BENCH_DATABASE_URL      PostgreSQL admin URL, required (a fresh database is made and dropped;
 *                           the embedded database takes one process at a time)
 *   BENCH_SECONDS=10        seconds per measurement
 *   BENCH_RATE=100          balances requests a second in the steady measurement
 *   BENCH_CONNECTIONS=10    concurrent balances callers in the flat-out measurement
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { waitFor, withFreshDatabase } from './lib.mjs';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const rate = Number(process.env.BENCH_RATE ?? 100);
const admin = process.env.BENCH_DATABASE_URL;
const port = 3420;

if (!admin) {
  console.error(
    'bench:wallet measures PostgreSQL: set BENCH_DATABASE_URL (e.g. postgres://postgres:postgres@127.0.0.1:5432/postgres).',
  );
  process.exit(1);
}

/**
 * GET /wallet/balances at `perSecond`, one request every 1/perSecond s whatever the answers do (an
 * open loop, as players' headers ask: autocannon's rate option sends each second's quota in a
 * burst), each with the next player's token; latency percentiles of every answer.
 */
async function steady(origin, tokens, perSecond) {
  const latencies = [];
  let errors = 0;
  let next = 0;
  const inFlight = [];
  const started = performance.now();
  for (let i = 0; performance.now() - started < seconds * 1000; i += 1) {
    const due = started + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const t0 = performance.now();
    inFlight.push(
      fetch(`${origin}/api/v1/wallet/balances`, {
        headers: { authorization: `Bearer ${tokens[(next += 1) % tokens.length]}` },
      })
        .then(async (res) => {
          await res.arrayBuffer();
          if (!res.ok) errors += 1;
          latencies.push(performance.now() - t0);
        })
        .catch(() => (errors += 1)),
    );
  }
  await Promise.all(inFlight);
  latencies.sort((a, b) => a - b);
  const at = (q) => Number(latencies[Math.floor(q * (latencies.length - 1))].toFixed(1));
  return {
    p50: at(0.5),
    p97_5: at(0.975),
    p99: at(0.99),
    rps: latencies.length / seconds,
    errors,
  };
}

/** GET /wallet/balances flat out: BENCH_CONNECTIONS callers back to back, each with the next token. */
async function flatOut(origin, tokens, duration = seconds) {
  let next = 0;
  const result = await autocannon({
    url: `${origin}/api/v1/wallet/balances`,
    connections,
    duration,
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
    // The players post through both loaded measurements.
    BENCH_SECONDS: String(2 * seconds),
  };
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'server.ts'], {
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
      {
        cwd: root,
        env: { ...env, NODE_ENV: 'production', SITE_URL: origin },
        stdio: ['pipe', 'pipe', 'inherit'],
      },
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
    // Warm up (JIT, each pooled connection's prepared statements) before anything is measured.
    await flatOut(origin, tokens, 3);
    const idle = await steady(origin, tokens, rate);
    const idleMax = await flatOut(origin, tokens);
    const done = line('done ');
    loader.stdin.write('go\n');
    // Both measurements run while the players post (the loader posts for two periods).
    const loaded = await steady(origin, tokens, rate);
    const loadedMax = await flatOut(origin, tokens);
    const load = await done;

    console.log(
      `\nWallet on PostgreSQL: 100 players posting; balances at ${rate}/s, then ${connections} callers flat out; ${seconds}s each`,
    );
    console.log(
      `postings/s            ${(load.postings / load.seconds).toFixed(0)} (${load.postings} in ${load.seconds.toFixed(1)} s; posting p50 ${load.p50.toFixed(1)} ms, p99 ${load.p99.toFixed(1)} ms; refused ${load.refused})`,
    );
    console.log('balances call            p50 ms p97.5ms  p99 ms   req/s  errors');
    for (const [name, r] of [
      [`idle, ${rate}/s (baseline)`, idle],
      [`under load, ${rate}/s`, loaded],
      ['idle, flat out', idleMax],
      ['under load, flat out', loadedMax],
    ]) {
      console.log(
        `${name.padEnd(24)} ${String(r.p50).padStart(7)} ${String(r.p97_5).padStart(7)} ${String(r.p99).padStart(7)} ${r.rps.toFixed(0).padStart(7)} ${String(r.errors).padStart(7)}`,
      );
    }
    console.log(
      `goal: balances p99 under load ≤ 20 ms at ${rate}/s: ${loaded.p99 <= 20 ? '✓' : '✗'} (${loaded.p99} ms)`,
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
