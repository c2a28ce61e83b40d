#!/usr/bin/env node
/**
 * Hostile clients (issue 32): does the server keep answering everyone else? Against the production
 * build (`next build` first), on loopback only, and it stops by itself.
 *
 *   quiet  20 well-behaved clients browse 100 distinct pages for BENCH_CHAOS_QUIET_S (30) seconds,
 *          BENCH_CHAOS_THINK_MS (250) between two pages
 *   chaos  the same 20, and at once, for BENCH_CHAOS_SECONDS (60):
 *          500 clients that hang up at random moments (before the answer, after its headers, in
 *          its body), 50 slowloris connections (headers one byte a second), 20 clients sending
 *          oversized and chunked bodies, a flood of socket.io connects and disconnects
 *   after  each phase, 30 s of rest, then the server's open connections and RSS
 *   Before each phase every page is asked for once, so both begin with the pages kept.
 *
 * Printed: the well-behaved clients' requests, error rate (goal 0) and p50/p99 in each phase (goal
 * chaos p99 ≤ 3× quiet), `GET /` checked every second throughout (goal: always answered), how long
 * a slowloris connection lived, what the body senders got, and the server's open connections and RSS
 * after each phase's rest (goal: after chaos within 10 % of after quiet). Figures, not a test.
 *
 * On a machine of two cores or more the server runs on core 0 and every client (well-behaved and
 * hostile) on the others, as if the visitors were elsewhere — with both on every core the figures
 * measure which process the scheduler favoured (BENCH_CHAOS_PIN=0 turns it off).
 */
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { Agent, get as httpGet } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { io } from 'socket.io-client';
import { waitFor } from './lib.mjs';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 3410);
const origin = `http://127.0.0.1:${PORT}`;
const QUIET_S = Number(process.env.BENCH_CHAOS_QUIET_S ?? 30);
const CHAOS_S = Number(process.env.BENCH_CHAOS_SECONDS ?? 60);
const REST_S = Number(process.env.BENCH_CHAOS_REST_S ?? 30);
const BROWSERS = 20;
const THINK_MS = Number(process.env.BENCH_CHAOS_THINK_MS ?? 250);
const ABORTERS = 500;
const SLOWLORIS = 50;
const BODY_SENDERS = 20;
const SOCKET_FLOODERS = 20;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

// ── a hostile role, in a process of its own (so its work does not slow the measuring clients' loop)
const role = process.argv[2];
if (role) {
  const until = Number(process.argv[3]);
  const pages = JSON.parse(process.env.CHAOS_PAGES ?? '[]');
  const figures = await runRole(role, until, pages);
  process.stdout.write(JSON.stringify(figures));
  process.exit(0);
}

async function runRole(name, until, pages) {
  if (name === 'aborters') {
    const aborted = { n: 0 };
    await Promise.all(Array.from({ length: ABORTERS }, () => aborter(pages, until, aborted)));
    return aborted;
  }
  if (name === 'slowloris') {
    const lifetimes = [];
    await Promise.all(Array.from({ length: SLOWLORIS }, () => slowloris(until, lifetimes)));
    return lifetimes;
  }
  if (name === 'bodies') {
    const outcomes = {};
    await Promise.all(Array.from({ length: BODY_SENDERS }, () => bodySender(until, outcomes)));
    return outcomes;
  }
  const flood = { connected: 0, refused: {} };
  await Promise.all(Array.from({ length: SOCKET_FLOODERS }, () => socketFlood(until, flood)));
  return flood;
}

/** Starts a hostile role in a child process; resolves with its figures when it ends. */
function hostile(name, until, pages) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [import.meta.filename, name, String(until)], {
      env: { ...process.env, CHAOS_PAGES: JSON.stringify(pages) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`${name} exited ${code}`)),
    );
  });
}

// ── the server ──────────────────────────────────────────────────────────────────────────────────
const cores = availableParallelism();
const pinned =
  process.env.BENCH_CHAOS_PIN !== '0' &&
  cores >= 2 &&
  spawnSync('taskset', ['-cp', `1-${cores - 1}`, String(process.pid)]).status === 0;
const server = spawn(
  pinned ? 'taskset' : process.execPath,
  [
    ...(pinned ? ['-c', '0', process.execPath] : []),
    ...SERVER_NODE_FLAGS,
    // Extra flags for the server, e.g. BENCH_SERVER_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof".
    ...(process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? []),
    '--import',
    'tsx',
    'server.ts',
  ],
  {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      SITE_URL: origin,
      PGLITE_DATA_DIR: 'memory://',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
const stopServer = () => server.exitCode === null && server.kill('SIGTERM');
process.on('exit', stopServer);
// Bounded in time whatever happens.
setTimeout(
  () => {
    console.error('chaos bench: out of time');
    process.exit(2);
  },
  (QUIET_S + CHAOS_S + 2 * REST_S + 240) * 1000,
).unref();

/**
 * The server's RSS, its sockets of any kind, and its connections on the public port — what a
 * hostile client could leave behind; not its listeners, nor the loopback pair a render uses for a
 * few seconds after it (lib/serve/apart-render.ts), which made the count of all sockets 2 or 4 at
 * random.
 */
function serverFigures() {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const rssMiB = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
  const inodes = new Set();
  for (const fd of readdirSync(`/proc/${server.pid}/fd`)) {
    try {
      const inode = readlinkSync(`/proc/${server.pid}/fd/${fd}`).match(/^socket:\[(\d+)\]$/)?.[1];
      if (inode) inodes.add(inode);
    } catch {
      // closed while listing
    }
  }
  let connections = 0;
  for (const table of ['tcp', 'tcp6']) {
    const rows = readFileSync(`/proc/${server.pid}/net/${table}`, 'utf8').split('\n').slice(1);
    for (const row of rows) {
      // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
      const [, local, , state, , , , , , inode] = row.trim().split(/\s+/);
      if (!local || !inodes.has(inode)) continue;
      const listening = state === '0A';
      if (!listening && parseInt(local.split(':')[1], 16) === PORT) connections += 1;
    }
  }
  return { rssMiB: Math.round(rssMiB), sockets: inodes.size, connections };
}

// ── 100 distinct pages ──────────────────────────────────────────────────────────────────────────
async function distinctPages() {
  const games = [];
  for (const page of [1, 2]) {
    const answer = await getJson(`/api/v1/games?limit=30&page=${page}`);
    games.push(...answer.data.data);
  }
  const pages = [
    '/',
    '/casino',
    '/slots',
    '/promotions',
    '/vip-club',
    '/x-games',
    '/help',
    '/sports',
    '/racing',
    ...['lobby', 'hot-games', 'baccarat', 'blackjack', 'roulette', 'game-show', 'providers'].map(
      (tab) => `/casino?tab=${tab}`,
    ),
    ...['lobby', 'hot-games', 'bonus-buy', 'bingo', 'table-games', 'crash-games', 'fishing'].map(
      (tab) => `/slots?tab=${tab}`,
    ),
    ...['es', 'pt', 'de', 'fr', 'tr', 'ru', 'ja', 'ko', 'zh', 'vi', 'ar'].map((l) => `/${l}`),
    ...['es', 'de', 'ja', 'ar'].flatMap((l) => [`/${l}/casino`, `/${l}/promotions`]),
    ...games.map((game) => `/casino/games/${game.slug}`),
  ];
  return [...new Set(pages)].slice(0, 100);
}

// ── the well-behaved ───────────────────────────────────────────────────────────────────────────
/**
 * A browser's GET: kept-alive connections of the caller's agent (destroyed at the end of a phase,
 * so the server's open sockets afterwards are not the measuring clients' own), gzip accepted, the
 * whole body read. Resolves with the status and the page cache's answer; rejects past `timeoutMs`.
 */
function getPage(agent, page, timeoutMs) {
  return new Promise((resolve, reject) => {
    const ask = httpGet(
      { agent, host: '127.0.0.1', port: PORT, path: page, headers: { 'accept-encoding': 'gzip' } },
      (answer) => {
        answer.resume();
        answer.on('end', () => {
          clearTimeout(timer);
          resolve({ status: answer.statusCode, cache: answer.headers['x-html-cache'] ?? '-' });
        });
        answer.on('error', reject);
      },
    );
    const timer = setTimeout(() => ask.destroy(new Error('timeout')), timeoutMs);
    ask.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** A JSON answer of the API, on a connection closed afterwards. */
function getJson(path) {
  return new Promise((resolve, reject) => {
    httpGet({ host: '127.0.0.1', port: PORT, path, agent: false }, (answer) => {
      let text = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk) => (text += chunk));
      answer.on('end', () => resolve(JSON.parse(text)));
      answer.on('error', reject);
    }).on('error', reject);
  });
}

async function browse(agent, pages, until, record) {
  while (Date.now() < until) {
    const page = pick(pages);
    const started = performance.now();
    try {
      const { status, cache } = await getPage(agent, page, 30_000);
      record(status === 200 ? null : `${status} ${page}`, performance.now() - started, cache);
    } catch (error) {
      record(`${error.code ?? error.message} ${page}`, performance.now() - started, 'failed');
    }
    // A reader's pause between pages (a quick crawler's pace): twenty clients hammering without
    // one already fill this server's core, and the quiet baseline would measure a queue.
    await sleep(THINK_MS);
  }
}

async function wellBehaved(pages, seconds) {
  const latencies = [];
  const failures = [];
  /** Latencies by the page cache's answer (hit, stale, miss): where a slow tail comes from. */
  const byCache = {};
  const until = Date.now() + seconds * 1000;
  const agent = new Agent({ keepAlive: true });
  await Promise.all(
    Array.from({ length: BROWSERS }, () =>
      browse(agent, pages, until, (failure, ms, cache) => {
        latencies.push(ms);
        (byCache[cache] ??= []).push(ms);
        if (failure) failures.push(failure);
      }),
    ),
  );
  // The phase is over: its connections go, as a browser's would when its tab closes.
  agent.destroy();
  latencies.sort((a, b) => a - b);
  for (const list of Object.values(byCache)) list.sort((a, b) => a - b);
  return {
    byCache,
    requests: latencies.length,
    errors: failures.length,
    failures,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/** `GET /` once a second: the longest it took and how often it did not answer 200 in 10 s. */
function watchHome() {
  const figures = { checks: 0, failures: 0, slowestMs: 0 };
  let waiters = [];
  // One new connection a check: what a load balancer's probe does.
  const agent = new Agent({ keepAlive: false });
  let on = true;
  const done = (async () => {
    while (on) {
      const started = performance.now();
      figures.checks += 1;
      try {
        if ((await getPage(agent, '/', 10_000)).status !== 200) figures.failures += 1;
      } catch {
        figures.failures += 1;
      }
      figures.slowestMs = Math.max(figures.slowestMs, performance.now() - started);
      for (const resolve of waiters.splice(0)) resolve();
      await sleep(1_000);
    }
  })();
  return {
    /** Resolves a moment after a check ended: its connection gone, the next one a second away. */
    between: () => new Promise((resolve) => waiters.push(resolve)).then(() => sleep(250)),
    stop: async () => {
      on = false;
      await done;
      return figures;
    },
  };
}

// ── the hostile ─────────────────────────────────────────────────────────────────────────────────
/** Asks for a page and hangs up: before the answer, once its headers came, or inside its body. */
function abortOnce(page) {
  return new Promise((resolve) => {
    const when = pick(['before', 'headers', 'body']);
    let received = 0;
    let headersSeen = false;
    const socket = connect(PORT, '127.0.0.1', () => {
      socket.write(`GET ${page} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip\r\n\r\n`);
      if (when === 'before') setTimeout(() => socket.destroy(), Math.random() * 200);
    });
    socket.on('data', (chunk) => {
      received += chunk.length;
      if (!headersSeen && chunk.includes('\r\n\r\n')) headersSeen = true;
      if (when === 'headers' && headersSeen) socket.destroy();
      if (when === 'body' && received > 1_000 + Math.random() * 20_000) socket.destroy();
    });
    socket.setTimeout(15_000, () => socket.destroy());
    socket.on('close', resolve);
    socket.on('error', () => undefined);
  });
}

async function aborter(pages, until, counter) {
  while (Date.now() < until) {
    await abortOnce(pick(pages));
    counter.n += 1;
    await sleep(500 + Math.random() * 1_000);
  }
}

/** Headers one byte a second until the server hangs up; then again. Records how long each lived. */
function slowloris(until, lifetimes) {
  return (async () => {
    while (Date.now() < until) {
      await new Promise((resolve) => {
        const started = Date.now();
        const header = 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ' + 'a'.repeat(600);
        let sent = 0;
        let timer;
        const socket = connect(PORT, '127.0.0.1', () => {
          timer = setInterval(() => {
            if (Date.now() > until) socket.destroy();
            else if (sent < header.length) socket.write(header[sent++]);
          }, 1_000);
        });
        socket.on('close', () => {
          clearInterval(timer);
          if (Date.now() <= until) lifetimes.push(Date.now() - started);
          resolve();
        });
        socket.on('error', () => undefined);
      });
    }
  })();
}

/** Oversized bodies: a huge declared length, an endless chunked body, to the API and to a page. */
function bodySender(until, outcomes) {
  const targets = ['/api/v1/auth/login', '/api/v1/logs/error', '/'];
  return (async () => {
    while (Date.now() < until) {
      const target = pick(targets);
      const chunked = Math.random() < 0.5;
      await new Promise((resolve) => {
        const socket = connect(PORT, '127.0.0.1', () => {
          socket.write(
            `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
              (chunked
                ? 'Transfer-Encoding: chunked\r\n\r\n'
                : 'Content-Length: 104857600\r\n\r\n'),
          );
          const block = Buffer.alloc(64 * 1024, 'x');
          const pump = setInterval(() => {
            if (socket.destroyed) return clearInterval(pump);
            socket.write(
              chunked
                ? Buffer.concat([Buffer.from('10000\r\n'), block, Buffer.from('\r\n')])
                : block,
            );
          }, 20);
          socket.once('close', () => clearInterval(pump));
        });
        let answer = '';
        socket.on('data', (chunk) => {
          answer += chunk.toString('latin1');
          const status = answer.match(/^HTTP\/1\.1 (\d{3})/)?.[1];
          if (status) {
            outcomes[status] = (outcomes[status] ?? 0) + 1;
            socket.destroy();
          }
        });
        socket.setTimeout(70_000, () => {
          outcomes.timeout = (outcomes.timeout ?? 0) + 1;
          socket.destroy();
        });
        socket.on('close', resolve);
        socket.on('error', () => undefined);
      });
    }
  })();
}

/** socket.io connects and disconnects, as fast as they go. */
function socketFlood(until, counter) {
  return (async () => {
    while (Date.now() < until) {
      await new Promise((resolve) => {
        const socket = io(origin, {
          transports: [pick(['websocket', 'polling'])],
          forceNew: true,
          reconnection: false,
          timeout: 10_000,
          extraHeaders: { origin },
        });
        const end = () => {
          clearTimeout(giveUp);
          socket.disconnect();
          resolve();
        };
        const refused = (reason) => {
          counter.refused[reason] = (counter.refused[reason] ?? 0) + 1;
          end();
        };
        // Whatever happens, the next attempt comes: a server may also close before connecting.
        const giveUp = setTimeout(() => refused('no answer in 15 s'), 15_000);
        socket.on('connect', () => {
          counter.connected += 1;
          end();
        });
        socket.on('connect_error', (error) => refused(error.message));
        socket.on('disconnect', (reason) => refused(`disconnected: ${reason}`));
      });
    }
  })();
}

// ── the run ─────────────────────────────────────────────────────────────────────────────────────
await waitFor(`${origin}/api/v1/health`);
const pages = await distinctPages();
console.log(
  `Server up${pinned ? ` on core 0, clients on cores 1-${cores - 1}` : ''}; ${pages.length} distinct pages. Warming each once…`,
);
/**
 * Each page asked for once, before each phase: both start as a site in use does, every page kept.
 * Without it the chaos phase began after 30 s in which nobody asked for anything, every page long
 * expired, and measured a hundred first renders under the flood rather than the flood.
 */
async function warm() {
  const warming = new Agent({ keepAlive: true });
  for (const page of pages) await getPage(warming, page, 60_000);
  warming.destroy();
}
await warm();

const home = watchHome();
console.log(`quiet: ${BROWSERS} clients for ${QUIET_S} s`);
const quiet = await wellBehaved(pages, QUIET_S);
await sleep(REST_S * 1000);
await home.between();
const afterQuiet = serverFigures();

console.log(
  `chaos: ${BROWSERS} clients, ${ABORTERS} aborting, ${SLOWLORIS} slowloris, ${BODY_SENDERS} body senders, ${SOCKET_FLOODERS} socket flooders for ${CHAOS_S} s`,
);
await warm();
const until = Date.now() + CHAOS_S * 1000;
const roles = Promise.all(
  ['aborters', 'slowloris', 'bodies', 'sockets'].map((name) => hostile(name, until, pages)),
);
const chaos = await wellBehaved(pages, CHAOS_S);
const duringChaos = serverFigures();
const [aborted, lifetimes, outcomes, flood] = await roles;
await sleep(REST_S * 1000);
await home.between();
const afterChaos = serverFigures();
const homeFigures = await home.stop();
stopServer();

// ── figures ─────────────────────────────────────────────────────────────────────────────────────
const ms = (v) => `${Math.round(v)} ms`;
const pct = (a, b) => `${(((a - b) / b) * 100).toFixed(1)} %`;
lifetimes.sort((a, b) => a - b);
console.log('\nwell-behaved clients     quiet            chaos');
console.log(`  requests               ${String(quiet.requests).padEnd(16)} ${chaos.requests}`);
console.log(
  `  error rate             ${(quiet.errors / quiet.requests).toFixed(4).padEnd(16)} ${(chaos.errors / chaos.requests).toFixed(4)}`,
);
console.log(`  p50                    ${ms(quiet.p50).padEnd(16)} ${ms(chaos.p50)}`);
console.log(`  p99                    ${ms(quiet.p99).padEnd(16)} ${ms(chaos.p99)}`);
const byCache = (phase) =>
  Object.entries(phase.byCache)
    .map(([state, list]) => `${state} ${list.length}: ${ms(percentile(list, 99))}`)
    .join(', ');
console.log(`  p99 by cache answer    quiet: ${byCache(quiet)}`);
console.log(`                         chaos: ${byCache(chaos)}`);
for (const failure of [...quiet.failures, ...chaos.failures].slice(0, 10)) {
  console.log(`  failed: ${failure}`);
}
console.log('\nserver after rest        after quiet      after chaos      (during chaos)');
console.log(
  `  connections (public)   ${String(afterQuiet.connections).padEnd(16)} ${String(afterChaos.connections).padEnd(16)} ${duringChaos.connections}`,
);
console.log(
  `  sockets (all)          ${String(afterQuiet.sockets).padEnd(16)} ${String(afterChaos.sockets).padEnd(16)} ${duringChaos.sockets}`,
);
console.log(
  `  RSS                    ${`${afterQuiet.rssMiB} MiB`.padEnd(16)} ${`${afterChaos.rssMiB} MiB`.padEnd(16)} ${duringChaos.rssMiB} MiB`,
);
console.log('\nhostile clients');
console.log(`  aborted requests       ${aborted.n}`);
console.log(
  `  slowloris lifetimes    ${lifetimes.length} connections, median ${ms(percentile(lifetimes, 50))}, longest ${ms(lifetimes.at(-1) ?? 0)}`,
);
console.log(`  body senders got       ${JSON.stringify(outcomes)}`);
console.log(
  `  socket.io              ${flood.connected} connected and left, refused: ${JSON.stringify(flood.refused)}`,
);
console.log(
  `  GET / every second     ${homeFigures.checks} checks, ${homeFigures.failures} failed, slowest ${ms(homeFigures.slowestMs)}`,
);

const goals = [
  ['error rate under chaos is 0', chaos.errors === 0],
  ['p99 under chaos ≤ 3× quiet', chaos.p99 <= 3 * quiet.p99],
  ['GET / answered throughout', homeFigures.failures === 0],
  [
    `connections after chaos within 10 % of after quiet (${afterQuiet.connections} → ${afterChaos.connections})`,
    afterChaos.connections <= afterQuiet.connections * 1.1,
  ],
  [
    `RSS after chaos within 10 % of after quiet (${pct(afterChaos.rssMiB, afterQuiet.rssMiB)})`,
    afterChaos.rssMiB <= afterQuiet.rssMiB * 1.1,
  ],
];
console.log('\ngoals');
for (const [goal, met] of goals) console.log(`  ${met ? '✓' : '✗'} ${goal}`);
process.exit(0);
