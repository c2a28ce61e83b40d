#!/usr/bin/env node
/**
 * Platform broadcasts over the socket (issue 15): BENCH_SOCKETS signed-in players connected (goal
 * 5,000 on this 2-core machine), one platform notice published through the operator API → the
 * time until each socket has its NOTIFICATION (p50, p99, last; goal p99 ≤ 500 ms), and the
 * server's memory per connected socket. Three phases, measured in the same run:
 *
 *   baseline   one socket on one server: the fixed cost of publish → release job → emit
 *   one server all sockets on one server, no Redis
 *   two servers on Redis  half the sockets on A, half on B (a web-only replica); published on A
 *
 * Prints figures; asserts nothing. Needs a production build. The sockets are opened by this
 * process, on the same two cores as the servers: the figures include the clients' own work.
 *
 *   BENCH_DATABASE_URL   PostgreSQL admin URL, required (a fresh database is made and dropped)
 *   BENCH_REDIS_URL      Redis for the two-server phase, required
 *   BENCH_SOCKETS=5000   players connected in the loaded phases
 *   BENCH_BROADCASTS=5   broadcasts per phase
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { io } from 'socket.io-client';
import { startServer as startBenchServer, stopServers, withFreshDatabase } from './lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const admin = process.env.BENCH_DATABASE_URL;
const redis = process.env.BENCH_REDIS_URL;
const count = Number(process.env.BENCH_SOCKETS ?? 5000);
const broadcasts = Number(process.env.BENCH_BROADCASTS ?? 5);
const OPERATOR_TOKEN = 'bench-operator-token-0123456789abcdef';
const AUTH_SECRET = 'bench-sockets-secret-0123456789abcdefghij';

if (!admin || !redis) {
  console.error(
    'bench:sockets needs PostgreSQL and Redis: set BENCH_DATABASE_URL (e.g. postgres://postgres:postgres@127.0.0.1:5432/postgres) and BENCH_REDIS_URL (e.g. redis://127.0.0.1:6390).',
  );
  process.exit(1);
}

/** What every server of this bench runs with, over the phase's own settings. */
const SERVER_ENV = {
  AUTH_SECRET,
  OPERATOR_TOKEN,
};
const startServer = (port, env) => startBenchServer(root, port, { ...SERVER_ENV, ...env });

/** Resident memory of a process, in MiB (Linux). */
const rssMiB = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/** Opens one socket per token, spread over the origins in turn, 100 handshakes at a time. */
async function connect(tokens, origins) {
  const sockets = [];
  for (let start = 0; start < tokens.length; start += 100) {
    const batch = tokens.slice(start, start + 100).map((token, i) => {
      const origin = origins[(start + i) % origins.length];
      const socket = io(origin, {
        auth: { token },
        transports: ['websocket'],
        reconnection: false,
        // A browser sends its page's origin; the server accepts only the site's.
        extraHeaders: { origin },
      });
      return new Promise((resolve, reject) => {
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    });
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

/**
 * One platform notice to everyone, published on `origin`: ms until each socket had it. Events of
 * an earlier broadcast still on their way are told apart by the notice's id.
 */
async function broadcast(origin, sockets) {
  const seen = new Map(); // notice id → arrival times
  let done = () => {};
  const all = new Promise((resolve) => (done = resolve));
  let id;
  const listener = (event) => {
    const times = seen.get(event.id) ?? [];
    times.push(performance.now());
    seen.set(event.id, times);
    if (id !== undefined && seen.get(id)?.length === sockets.length) done();
  };
  for (const socket of sockets) socket.on('NOTIFICATION', listener);
  const started = performance.now();
  const answer = await fetch(`${origin}/api/v1/operator/notices`, {
    method: 'POST',
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ audience: 'platform', category: 'news', title: 'Bench broadcast' }),
  });
  if (!answer.ok) throw new Error(`publish answered ${answer.status}`);
  id = (await answer.json()).data.id;
  if (seen.get(id)?.length === sockets.length) done();
  await Promise.race([all, new Promise((r) => setTimeout(r, 30_000))]);
  for (const socket of sockets) socket.off('NOTIFICATION', listener);
  const arrivals = seen.get(id) ?? [];
  return { times: arrivals.map((at) => at - started), missed: sockets.length - arrivals.length };
}

async function measure(origin, sockets) {
  const times = [];
  let missed = 0;
  for (let i = 0; i < broadcasts; i += 1) {
    const result = await broadcast(origin, sockets);
    times.push(...result.times);
    missed += result.missed;
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.floor(q * (times.length - 1))]?.toFixed(0) ?? '-';
  return { p50: at(0.5), p99: at(0.99), last: at(1), missed };
}

const row = (name, sockets, r, perSocket) =>
  console.log(
    `${name.padEnd(22)} ${String(sockets).padStart(7)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${String(r.last).padStart(7)} ${String(r.missed).padStart(7)} ${perSocket.padStart(9)}`,
  );

await withFreshDatabase(admin, 'bench_sockets', async (url) => {
  // One server migrates the fresh database and makes the players; the phases reuse it.
  const single = startServer(3430, { DATABASE_URL: url });
  await single.ready;
  const players = spawn(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', 'bench/sockets-players.mts'],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: url,
        AUTH_SECRET,
        NODE_ENV: 'production',
        SITE_URL: single.origin,
        BENCH_SOCKETS: String(count),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  players.stdout.on('data', (chunk) => (out += chunk));
  await new Promise((r) => players.once('exit', r));
  const tokens = JSON.parse(out.slice(out.indexOf('ready ') + 6));
  const results = [];
  try {
    const one = await connect(tokens.slice(0, 1), [single.origin]);
    await measure(single.origin, one); // warm-up: JIT, the job queue, the pool
    results.push(['baseline, 1 socket', 1, await measure(single.origin, one), '-']);
    one[0].close();

    const before = rssMiB(single.server.pid);
    const sockets = await connect(tokens, [single.origin]);
    await new Promise((r) => setTimeout(r, 2000));
    const perSocket = ((rssMiB(single.server.pid) - before) * 1024) / count;
    results.push([
      'one server',
      count,
      await measure(single.origin, sockets),
      `${perSocket.toFixed(1)} KiB`,
    ]);
    for (const s of sockets) s.close();
  } finally {
    await stopServers([single]);
  }

  const a = startServer(3431, { DATABASE_URL: url, REDIS_URL: redis });
  const b = startServer(3432, { DATABASE_URL: url, REDIS_URL: redis, JOB_WORKERS: 'false' });
  try {
    await Promise.all([a.ready, b.ready]);
    const before = rssMiB(a.server.pid) + rssMiB(b.server.pid);
    const sockets = await connect(tokens, [a.origin, b.origin]);
    await new Promise((r) => setTimeout(r, 2000));
    const perSocket = ((rssMiB(a.server.pid) + rssMiB(b.server.pid) - before) * 1024) / count;
    await measure(a.origin, sockets.slice(0, 2)); // warm-up of A's and B's Redis paths
    results.push([
      'two servers on Redis',
      count,
      await measure(a.origin, sockets),
      `${perSocket.toFixed(1)} KiB`,
    ]);
    for (const s of sockets) s.close();
  } finally {
    await stopServers([a, b]);
  }

  console.log(
    `\nPlatform broadcast (operator API → release job → every socket), ${broadcasts} broadcasts per phase, on PostgreSQL`,
  );
  console.log('phase                  sockets  p50 ms  p99 ms last ms  missed  mem/sock');
  for (const r of results) row(...r);
  const loaded = results.filter(([, n]) => n === count);
  console.log(
    `goal: p99 ≤ 500 ms with ${count} sockets: ${loaded.map(([name, , r]) => `${name} ${Number(r.p99) <= 500 ? '✓' : '✗'} (${r.p99} ms)`).join(', ')}`,
  );
});
