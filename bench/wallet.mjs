#!/usr/bin/env node
/**
 * The wallet under load (issues 14 and 33), on PostgreSQL: settled bets per second (a stake and its
 * payout) with 100 players betting in one currency, in two phases one after the other on the same
 * database — phase 1 settles with two `post` calls, phase 2 with one `postMany` — and the p99 of the
 * balances call (GET /api/v1/wallet/balances, with those players' tokens) during each, beside the
 * same call on the idle server. Phase 1 is also run on the ledger of the commit before issue 33
 * (BENCH_BASELINE_REF, a git worktree of it), printed beside this one: that is what shows the house
 * account's lock gone. Prints figures; asserts nothing. Needs a production build.
 *
 *   BENCH_DATABASE_URL      PostgreSQL admin URL, required (fresh databases are made and dropped)
 *   BENCH_SECONDS=10        seconds per phase
 *   BENCH_RATE=100          balances requests a second while a phase runs
 *   BENCH_BASELINE_REF=e5caba4   the older ledger phase 1 is compared with ('' skips it)
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { waitFor, withFreshDatabase } from './lib.mjs';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const baselineRef = process.env.BENCH_BASELINE_REF ?? 'e5caba4';
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
    rps: latencies.length / duration,
    errors,
  };
}

/** The posting process (bench/wallet-load.mts) of a checkout, on a database; answers its lines. */
function startLoader(cwd, url, origin) {
  const loader = spawn(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', 'bench/wallet-load.mts'],
    {
      cwd,
      env: {
        ...process.env,
        DATABASE_URL: url,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        SITE_URL: origin,
      },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const output = createInterface({ input: loader.stdout });
  const waiting = [];
  output.on('line', (l) => {
    const i = waiting.findIndex((w) => l.startsWith(w.prefix));
    if (i < 0) return;
    const [w] = waiting.splice(i, 1);
    w.resolve(JSON.parse(l.slice(w.prefix.length)));
  });
  const line = (prefix) => new Promise((resolve) => waiting.push({ prefix, resolve }));
  return {
    ready: line('ready '),
    async run(phase) {
      const done = line('done ');
      loader.stdin.write(`go ${phase}\n`);
      return done;
    },
    stop: () => loader.kill('SIGTERM'),
  };
}

/** Phase 1 on the ledger of `ref` (a worktree of it, this checkout's packages): settled bets/s. */
async function baseline(ref) {
  if (!ref) return null;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-baseline-'));
  try {
    execFileSync('git', ['worktree', 'add', '--detach', dir, ref], { cwd: root, stdio: 'ignore' });
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
    // The same loader against the older ledger (it posts through `post` only in this phase).
    execFileSync('cp', [path.join(root, 'bench/wallet-load.mts'), path.join(dir, 'bench/')]);
    return await withFreshDatabase(admin, 'bench_wallet_base', async (url) => {
      const loader = startLoader(dir, url, `http://localhost:${port}`);
      try {
        await loader.ready;
        return await loader.run('two-posts');
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

const base = await baseline(baselineRef);

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
    loader = startLoader(root, url, origin);
    const tokens = await loader.ready;
    // Warm up (JIT, each pooled connection's prepared statements) before anything is measured.
    await steady(origin, tokens, rate, 3);
    const idle = await steady(origin, tokens, rate);
    const phases = [];
    for (const phase of ['two-posts', 'post-many']) {
      const [load, balances] = await Promise.all([loader.run(phase), steady(origin, tokens, rate)]);
      phases.push({ phase, load, balances });
    }
    const perSecond = (load) => load.settled / load.seconds;
    const row = (name, load) =>
      `${name.padEnd(34)} ${perSecond(load).toFixed(0).padStart(7)} ${load.p50.toFixed(1).padStart(7)} ${load.p99.toFixed(1).padStart(7)} ${String(load.refused).padStart(7)}`;
    console.log(
      `\nWallet on PostgreSQL: 100 players settling bets in USDT, ${seconds} s a phase; balances at ${rate}/s`,
    );
    console.log(`${'settled bets'.padEnd(34)}   bets/s  p50 ms  p99 ms refused`);
    if (base) console.log(row(`1. two posts, at ${baselineRef} (baseline)`, base));
    for (const { phase, load } of phases) {
      console.log(row(phase === 'two-posts' ? '1. two posts' : '2. one postMany', load));
    }
    console.log('balances call                       p50 ms p97.5ms  p99 ms   req/s  errors');
    for (const [name, r] of [
      ['idle (baseline)', idle],
      ['during phase 1', phases[0].balances],
      ['during phase 2', phases[1].balances],
    ]) {
      console.log(
        `${name.padEnd(34)} ${String(r.p50).padStart(7)} ${String(r.p97_5).padStart(7)} ${String(r.p99).padStart(7)} ${r.rps.toFixed(0).padStart(7)} ${String(r.errors).padStart(7)}`,
      );
    }
    const [one, two] = phases.map((p) => perSecond(p.load));
    const mark = (ok) => (ok ? '✓' : '✗');
    console.log(
      `goal: phase 2 ≥ 2 × phase 1: ${mark(two >= 2 * one)} (${(two / one).toFixed(2)}×)`,
    );
    if (base) {
      const ratio = one / perSecond(base);
      console.log(`goal: phase 1 ≥ 1.5 × baseline: ${mark(ratio >= 1.5)} (${ratio.toFixed(2)}×)`);
    }
    const p99 = Math.max(...phases.map((p) => p.load.p99));
    console.log(`goal: settled-bet p99 ≤ 100 ms: ${mark(p99 <= 100)} (${p99.toFixed(1)} ms)`);
    const balancesP99 = Math.max(...phases.map((p) => p.balances.p99));
    console.log(
      `goal: balances p99 under load ≤ 20 ms: ${mark(balancesP99 <= 20)} (${balancesP99} ms)`,
    );
    const broken = phases.reduce((n, p) => n + p.load.violations, 0);
    console.log(
      `goal: ledger:check clean: ${mark(broken === 0)}${broken ? ` (${broken} broken)` : ''}`,
    );
  } finally {
    loader?.stop();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
});
