#!/usr/bin/env node
/**
 * Crash's ticks (issue 39): BENCH_CRASH_SOCKETS guests watching the `crash` room (goal 1,000), the
 * time from the leader's emit of each tick to its arrival at every socket (p50, p99, last; goal
 * p99 ≤ 250 ms across two servers on Redis). Three phases, measured in the same run:
 *
 *   baseline              one socket on one server
 *   one server            every socket on the server that runs the rounds
 *   two servers on Redis  half the sockets on each; one leads (the advisory lock), the other
 *                         relays its ticks through the Redis adapter
 *
 * Prints figures; asserts nothing. Needs a production build. The sockets are opened by this
 * process, on the same two cores as the servers: the figures include the clients' own work.
 *
 *   BENCH_DATABASE_URL      PostgreSQL admin URL, required (a fresh database is made and dropped)
 *   BENCH_REDIS_URL         Redis for the two-server phase, required
 *   BENCH_CRASH_SOCKETS=1000
 *   BENCH_CRASH_SECONDS=20  how long each phase listens
 */
import path from 'node:path';
import { io } from 'socket.io-client';
import { startServer as startBenchServer, stopServers, withFreshDatabase } from './lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const admin = process.env.BENCH_DATABASE_URL;
const redis = process.env.BENCH_REDIS_URL;
const count = Number(process.env.BENCH_CRASH_SOCKETS ?? 1000);
const seconds = Number(process.env.BENCH_CRASH_SECONDS ?? 20);

if (!admin || !redis) {
  console.error(
    'bench:crash needs PostgreSQL and Redis: set BENCH_DATABASE_URL (e.g. postgres://postgres:postgres@127.0.0.1:5432/postgres) and BENCH_REDIS_URL (e.g. redis://127.0.0.1:6390).',
  );
  process.exit(1);
}

/** What every server of this bench runs with, over the phase's own settings. */
const SERVER_ENV = {
  AUTH_SECRET: 'bench-crash-secret-0123456789abcdefghijkl',
  // Short pauses: most of each phase is a curve running, ticking five times a second.
  CRASH_CHAIN_LENGTH: '20000',
  CRASH_BETTING_MS: '1000',
  CRASH_PAUSE_MS: '500',
};
const startServer = (port, env) => startBenchServer(root, port, { ...SERVER_ENV, ...env });

/** Guests, spread over the origins in turn, 100 handshakes at a time, each in the crash room. */
async function connect(n, origins) {
  const sockets = [];
  for (let start = 0; start < n; start += 100) {
    const batch = Array.from({ length: Math.min(100, n - start) }, (_, i) => {
      const origin = origins[(start + i) % origins.length];
      const socket = io(origin, {
        transports: ['websocket'],
        reconnection: false,
        extraHeaders: { origin },
      });
      return new Promise((resolve, reject) => {
        socket.once('connect', () => socket.emit('join', 'crash', () => resolve(socket)));
        socket.once('connect_error', reject);
      });
    });
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

/** Every tick every socket heard for `seconds`: ms from the leader's emit to its arrival. */
async function listen(sockets) {
  const delays = [];
  const listener = (tick) => delays.push(Date.now() - tick.at);
  for (const socket of sockets) socket.on('crash:tick', listener);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  for (const socket of sockets) socket.off('crash:tick', listener);
  delays.sort((a, b) => a - b);
  const at = (q) => delays[Math.floor(q * (delays.length - 1))] ?? '-';
  return { heard: delays.length, p50: at(0.5), p99: at(0.99), last: at(1) };
}

const row = (name, sockets, r) =>
  console.log(
    `${name.padEnd(22)} ${String(sockets).padStart(7)} ${String(r.heard).padStart(8)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${String(r.last).padStart(7)}`,
  );

await withFreshDatabase(admin, 'bench_crash', async (url) => {
  const results = [];
  const single = startServer(3440, { DATABASE_URL: url });
  try {
    await single.ready;
    const one = await connect(1, [single.origin]);
    await listen(one.slice(0, 1)); // warm-up
    results.push(['baseline, 1 socket', 1, await listen(one)]);
    one[0].close();
    const sockets = await connect(count, [single.origin]);
    results.push(['one server', count, await listen(sockets)]);
    for (const s of sockets) s.close();
  } finally {
    await stopServers([single]);
  }

  const a = startServer(3441, { DATABASE_URL: url, REDIS_URL: redis });
  const b = startServer(3442, { DATABASE_URL: url, REDIS_URL: redis });
  try {
    await Promise.all([a.ready, b.ready]);
    const sockets = await connect(count, [a.origin, b.origin]);
    await new Promise((r) => setTimeout(r, 2000));
    results.push(['two servers on Redis', count, await listen(sockets)]);
    for (const s of sockets) s.close();
  } finally {
    await stopServers([a, b]);
  }

  console.log(`\nCrash ticks (leader's emit → each socket), ${seconds} s per phase, on PostgreSQL`);
  console.log('phase                  sockets    ticks  p50 ms  p99 ms last ms');
  for (const r of results) row(...r);
  const two = results.at(-1)[2];
  console.log(
    `goal: p99 ≤ 250 ms with ${count} sockets on two servers: ${Number(two.p99) <= 250 ? '✓' : '✗'} (${two.p99} ms)`,
  );
});
