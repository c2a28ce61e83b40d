#!/usr/bin/env node
/**
 * First-load JavaScript and SSR throughput of the home page, beside a bare Next + MUI page built in
 * the same run on the same machine. Prints figures; asserts nothing. `npm run bench`.
 *
 *   BENCH_SECONDS=10  seconds of load per server (default 10)
 *   BENCH_CONNECTIONS=10  concurrent connections (default 10)
 */
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitFor } from './lib.mjs';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const baselineSource = path.join(root, 'bench', 'baseline');
// Built outside the project (Turbopack treats a nested app as part of this one) with hard-linked
// node_modules (it refuses a symlink that leaves its root).
const baselineDir = path.join(os.tmpdir(), 'casino-bench-baseline');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const env = { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' };

function run(cmd, args, cwd) {
  const result = spawnSync(cmd, args, { cwd, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
}

function start(cmd, args, cwd, extraEnv) {
  const child = spawn(cmd, args, {
    cwd,
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function firstLoad(origin) {
  const html = await (await fetch(`${origin}/`)).text();
  const srcs = [...new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]))];
  let raw = 0;
  let gzip = 0;
  for (const src of srcs) {
    const body = Buffer.from(await (await fetch(new URL(src, origin))).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return {
    scripts: srcs.length,
    rawKiB: raw / 1024,
    gzipKiB: gzip / 1024,
    htmlKiB: html.length / 1024,
  };
}

function rssMiB(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
    return line ? Number(line[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

async function throughput(url) {
  const result = await autocannon({ url, connections, duration: seconds });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function measure(name, child, origin) {
  await waitFor(`${origin}/`);
  await fetch(`${origin}/`); // warm caches before measuring
  const load = await firstLoad(origin);
  const speed = await throughput(`${origin}/`);
  return { name, ...load, ...speed, rssMiB: rssMiB(child.pid) };
}

async function main() {
  console.log('Building the site and the baseline…');
  run('npx', ['next', 'build'], root);
  rmSync(baselineDir, { recursive: true, force: true });
  cpSync(baselineSource, baselineDir, { recursive: true });
  run('cp', ['-al', path.join(root, 'node_modules'), path.join(baselineDir, 'node_modules')], root);
  run('npx', ['next', 'build'], baselineDir);

  const rows = [];
  const site = start(process.execPath, ['--import', 'tsx', 'server.ts'], root, {
    PORT: '3201',
    PGLITE_DATA_DIR: 'memory://',
    LOG_LEVEL: 'warn',
  });
  try {
    rows.push(await measure('site home (/)', site, 'http://localhost:3201'));
  } finally {
    site.kill('SIGTERM');
  }
  // Node itself (not npx) so the memory figure is the server's.
  const nextBin = path.join(baselineDir, 'node_modules', 'next', 'dist', 'bin', 'next');
  const baseline = start(process.execPath, [nextBin, 'start', '-p', '3202'], baselineDir, {});
  try {
    rows.push(await measure('bare Next + MUI', baseline, 'http://localhost:3202'));
  } finally {
    baseline.kill('SIGTERM');
  }

  const fmt = (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');
  console.log(
    `\nFirst-load JavaScript and SSR throughput (${seconds}s, ${connections} connections, autocannon on the same 2 cores)\n`,
  );
  console.log(
    'page                 scripts  JS raw KiB  JS gzip KiB  HTML KiB  req/s   p50 ms  p99 ms  errors  RSS MiB',
  );
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(20)} ${String(r.scripts).padStart(7)} ${fmt(r.rawKiB).padStart(11)} ${fmt(r.gzipKiB).padStart(12)} ${fmt(r.htmlKiB).padStart(9)} ${fmt(r.rps).padStart(6)} ${fmt(r.p50, 0).padStart(8)} ${fmt(r.p99, 0).padStart(7)} ${String(r.errors).padStart(7)} ${fmt(r.rssMiB, 0).padStart(8)}`,
    );
  }
  const [a, b] = rows;
  console.log(
    `\nsite / baseline: JS gzip ×${fmt(a.gzipKiB / b.gzipKiB, 2)}, req/s ×${fmt(a.rps / b.rps, 2)}`,
  );
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
