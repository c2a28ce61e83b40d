#!/usr/bin/env node
/**
 * The wallet under load (issues 14 and 33), on PostgreSQL, 100 players betting in one currency. A
 * settled bet is a stake and its payout; phase 1 settles with two `post` calls, phase 2 with one
 * `postMany`, one after the other on the same database. Two measurements of each phase:
 *
 *   capacity   every player bets again as soon as its bet is settled: settled bets per second.
 *              Phase 1 is also run on the ledger of the commit before issue 33
 *              (BENCH_BASELINE_REF, a git worktree of it, its own database) under the same load of
 *              balances calls, printed beside this one: that is what shows the house lock gone.
 *   latency    the players together bet BENCH_BET_RATE times a second at fixed times (each player
 *              once a second by default), whatever the answers do: the settled bet's p99 counted
 *              from when it was due. A closed loop of 100 players on a pool of 10 connections
 *              measures the queue, not the posting: at capacity every bet waits for 99 others.
 *
 * During each, GET /api/v1/wallet/balances (the header's call, those players' tokens) runs at
 * BENCH_RATE a second: its p99 beside the same call on the idle server. Prints figures; asserts
 * nothing. Needs a production build.
 *
 *   BENCH_DATABASE_URL      PostgreSQL admin URL, required (fresh databases are made and dropped)
 *   BENCH_SECONDS=10        seconds per measurement
 *   BENCH_RATE=100          balances requests a second
 *   BENCH_BET_RATE=100      settled bets a second in the latency measurement
 *   BENCH_BASELINE_REF=e5caba4   the older ledger phase 1 is compared with ('' skips it)
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiCall, startLoader, waitFor, withFreshDatabase } from './lib.mjs';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const baselineRef = process.env.BENCH_BASELINE_REF ?? 'e5caba4';
const rate = Number(process.env.BENCH_RATE ?? 100);
const betRate = Number(process.env.BENCH_BET_RATE ?? 100);
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
async function steady(origin, tokens, perSecond, duration = seconds) {
  const latencies = [];
  let errors = 0;
  let next = 0;
  const inFlight = [];
  const started = performance.now();
  for (let i = 0; performance.now() - started < duration * 1000; i += 1) {
    const due = started + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const t0 = performance.now();
    inFlight.push(
      apiCall(origin, '/api/v1/wallet/balances', {
        headers: { authorization: `Bearer ${tokens[(next += 1) % tokens.length]}` },
      })
        .then(({ status }) => {
          if (status !== 200) errors += 1;
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
    rps: latencies.length / duration,
    errors,
  };
}

/**
 * Phase 1's capacity on the ledger of `ref` (a worktree of it, this checkout's packages, a database
 * of its own) while `during` runs (the same balances calls as this checkout's phase 1).
 */
async function baseline(ref, during) {
  if (!ref) return null;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-baseline-'));
  try {
    execFileSync('git', ['worktree', 'add', '--detach', dir, ref], { cwd: root, stdio: 'ignore' });
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
    // The same loader against the older ledger (it posts through `post` only in this phase), with
    // the scheduler it imports (which an older checkout may not have).
    for (const file of ['bench/wallet-load.mts', 'bench/open-loop.mjs']) {
      execFileSync('cp', [path.join(root, file), path.join(dir, 'bench/')]);
    }
    return await withFreshDatabase(admin, 'bench_wallet_base', async (url) => {
      const loader = startLoader(dir, url, `http://localhost:${port}`);
      try {
        await loader.ready;
        const [load] = await Promise.all([loader.run('two-posts'), during()]);
        return load;
      } finally {
        loader.stop();
      }
    });
  } catch (error) {
    console.warn(`baseline at ${ref} not run: ${error.message}`);
    return null;
  } finally {
    if (existsSync(dir)) {
      execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: root, stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

await withFreshDatabase(admin, 'bench_wallet', async (url) => {
  const env = { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' };
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
    loader = startLoader(root, url, origin);
    const tokens = await loader.ready;
    // Warm up: JIT, each pooled connection's prepared statements, and the work a server does in
    // its first seconds (its jobs starting, the content cache) — measured, it doubles the idle p99.
    await steady(origin, tokens, rate, 15);
    const idle = await steady(origin, tokens, rate);
    const base = await baseline(baselineRef, () => steady(origin, tokens, rate));
    const measure = async (phase, perSecond = 0) => {
      const [load, balances] = await Promise.all([
        loader.run(`${phase} ${perSecond}`),
        steady(origin, tokens, rate),
      ]);
      // Checked after both stop: the check's scans are not part of the load measured.
      return { phase, load, balances, violations: await loader.check() };
    };
    const capacity = [await measure('two-posts'), await measure('post-many')];
    const latency = [
      await measure('two-posts-at', betRate),
      await measure('post-many-at', betRate),
    ];

    const perSecond = (load) => load.settled / load.seconds;
    const cells = (load) =>
      `${perSecond(load).toFixed(0).padStart(7)} ${load.p50.toFixed(1).padStart(7)} ${load.p99.toFixed(1).padStart(7)} ${String(load.refused).padStart(7)}`;
    const names = ['1. two posts', '2. one postMany'];
    console.log(
      `\nWallet on PostgreSQL: 100 players settling bets in USDT, ${seconds} s a measurement; balances at ${rate}/s`,
    );
    console.log(`${'capacity (closed loop)'.padEnd(36)}  bets/s  p50 ms  p99 ms refused`);
    if (base)
      console.log(`${`1. two posts, at ${baselineRef} (baseline)`.padEnd(36)} ${cells(base)}`);
    capacity.forEach(({ load }, i) => console.log(`${names[i].padEnd(36)} ${cells(load)}`));
    console.log(
      `${`latency (open loop, ${betRate} bets/s)`.padEnd(36)}  bets/s  p50 ms  p99 ms refused`,
    );
    latency.forEach(({ load }, i) => console.log(`${names[i].padEnd(36)} ${cells(load)}`));
    console.log(`${'balances call'.padEnd(36)}  p50 ms p97.5ms  p99 ms   req/s  errors`);
    for (const [name, r] of [
      ['idle (baseline)', idle],
      ...capacity.map(({ balances }, i) => [`during capacity ${i + 1}`, balances]),
      ...latency.map(({ balances }, i) => [`during latency ${i + 1}`, balances]),
    ]) {
      console.log(
        `${name.padEnd(36)} ${String(r.p50).padStart(7)} ${String(r.p97_5).padStart(7)} ${String(r.p99).padStart(7)} ${r.rps.toFixed(0).padStart(7)} ${String(r.errors).padStart(7)}`,
      );
    }
    const [one, two] = capacity.map((p) => perSecond(p.load));
    const mark = (ok) => (ok ? '✓' : '✗');
    console.log(
      `goal: phase 2 ≥ 2 × phase 1: ${mark(two >= 2 * one)} (${(two / one).toFixed(2)}×)`,
    );
    if (base) {
      const ratio = one / perSecond(base);
      console.log(`goal: phase 1 ≥ 1.5 × baseline: ${mark(ratio >= 1.5)} (${ratio.toFixed(2)}×)`);
    }
    const p99 = Math.max(...latency.map((p) => p.load.p99));
    console.log(
      `goal: settled-bet p99 ≤ 100 ms at ${betRate} bets/s: ${mark(p99 <= 100)} (${p99.toFixed(1)} ms)`,
    );
    const balancesP99 = Math.max(...latency.map((p) => p.balances.p99));
    console.log(
      `goal: balances p99 under that load ≤ 20 ms: ${mark(balancesP99 <= 20)} (${balancesP99} ms)`,
    );
    const broken = [...capacity, ...latency].reduce((n, p) => n + p.violations, 0);
    console.log(
      `goal: ledger:check clean: ${mark(broken === 0)}${broken ? ` (${broken} broken)` : ''}`,
    );
  } finally {
    loader?.stop();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
});
