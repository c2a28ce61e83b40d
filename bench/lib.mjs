import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';

/** Shared by the benchmarks: wait until a server answers. */
export async function waitFor(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not come up`);
}

/**
 * A production server (server.ts) of the checkout at `root` on `port`, with `env` over the
 * bench's own: what the socket benchmarks start one or two of. `ready` resolves once it answers.
 */
export function startServer(root, port, env) {
  const origin = `http://localhost:${port}`;
  // BENCH_SERVER_FLAGS: more of node's flags for the server, e.g. `--cpu-prof --cpu-prof-dir=…`;
  // BENCH_SERVER_OUT=1 shows its stdout (where V8 writes `--trace-gc`, in ms from its start: the
  // line below is that start, to line the collections up with a trace's times).
  const extra = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
  const flags = [...SERVER_NODE_FLAGS, ...extra, '--import', 'tsx', 'server.ts'];
  const server = spawn(process.execPath, flags, {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      SITE_URL: origin,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', process.env.BENCH_SERVER_OUT ? 'inherit' : 'ignore', 'inherit'],
  });
  if (process.env.BENCH_SERVER_OUT) console.log(`server ${server.pid} spawned at ${Date.now()}`);
  return { origin, server, ready: waitFor(`${origin}/api/v1/health`) };
}

/** Stops servers `startServer` made, and waits until each has exited. */
export async function stopServers(servers) {
  await Promise.all(
    servers.map(({ server }) => {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      return exited;
    }),
  );
}

/**
 * Runs `fn` with the URL of a fresh PostgreSQL database made on the server `adminUrl` points at,
 * and drops it afterwards.
 */
export async function withFreshDatabase(adminUrl, prefix, fn) {
  const { default: pg } = await import('pg');
  const name = `${prefix}_${Date.now()}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  }
}

/**
 * VACUUM ANALYZE of the database at `url`, run before each measured phase. The phase before left
 * thousands of new rows, and autovacuum (a pass a minute) would vacuum and analyze them in
 * whichever phase its minute fell in: a second of both cores, and every cached plan made again
 * on the new statistics — most of the open loop's p99 in the runs it hit (`bench:casino`, 2026-12-03).
 * pgbench vacuums before each run for the same reason.
 */
export async function vacuum(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('VACUUM (ANALYZE)');
  } finally {
    await client.end();
  }
}

/** User and system CPU a process has used so far, in ms (/proc, Linux); 0 for one gone. */
function cpuMsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command's closing parenthesis: field 3 (state) onwards; utime and stime are 14, 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * CPU time the hypervisor gave other guests while this machine wanted it (`steal` in /proc/stat,
 * every core together), in ms; 0 where there is no /proc.
 */
function stolenMs() {
  try {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/);
    // cpu user nice system idle iowait irq softirq steal …: jiffies of 10 ms.
    return Number(cpu[8] ?? 0) * 10;
  } catch {
    return 0;
  }
}

/**
 * The CPU a phase costs, by side: the processes given (a server, the loader) and every PostgreSQL
 * backend of the database at `url`. Beside a rate it tells what the machine's swings between runs
 * move far less: the CPU one operation costs. `take(pids)` returns a snapshot; `since(snapshot)`
 * what each side used after it, in ms, and the share of the cores the host took meanwhile
 * (`stolen`, 0–1). Backends are read by pid: one that exits mid-phase takes its
 * share with it (the pools keep theirs while a phase runs). Linux only; zeros elsewhere.
 */
export async function cpuMeter(adminUrl, url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const database = new URL(url).pathname.slice(1);
  const backends = async () => {
    const { rows } = await client.query('SELECT pid FROM pg_stat_activity WHERE datname = $1', [
      database,
    ]);
    return new Map(rows.map(({ pid }) => [pid, cpuMsOf(pid)]));
  };
  return {
    async take(pids) {
      return {
        pids,
        app: pids.map(cpuMsOf),
        db: await backends(),
        stolen: stolenMs(),
        at: performance.now(),
      };
    },
    async since({ pids, app, db, stolen, at }) {
      const now = await backends();
      let dbMs = 0;
      for (const [pid, ms] of now) dbMs += ms - (db.get(pid) ?? 0);
      const appMs = pids.reduce((sum, pid, i) => sum + cpuMsOf(pid) - app[i], 0);
      // The share of the machine's cores the host took from it meanwhile (was a slow run the host's?).
      const wall = (performance.now() - at) * availableParallelism();
      return { app: appMs, db: dbMs, stolen: wall > 0 ? (stolenMs() - stolen) / wall : 0 };
    },
    close: () => client.end(),
  };
}

/** The posting process (bench/wallet-load.mts) of a checkout, on a database; answers its lines. */
export function startLoader(cwd, url, origin) {
  const loader = spawn(
    process.execPath,
    // It stands in for the server's posting side: the server's flags.
    [...SERVER_NODE_FLAGS, '--conditions=react-server', '--import', 'tsx', 'bench/wallet-load.mts'],
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
  // A loader that exits (an import an older checkout lacks, a crash) fails what waits on it: the
  // bench reports it rather than waiting for a line that never comes.
  let exited = null;
  loader.on('exit', (code, signal) => {
    exited = new Error(`the loader exited (${signal ?? `code ${code}`})`);
    for (const w of waiting.splice(0)) w.reject(exited);
  });
  const line = (prefix) =>
    new Promise((resolve, reject) =>
      exited ? reject(exited) : waiting.push({ prefix, resolve, reject }),
    );
  return {
    ready: line('ready '),
    async run(phase) {
      const done = line('done ');
      loader.stdin.write(`go ${phase}\n`);
      return done;
    },
    /** A game session of aggregator `provider` for each player (bench/casino.mjs). */
    async casinoSessions(provider) {
      const sessions = line('sessions ');
      loader.stdin.write(`casino-sessions ${provider}\n`);
      return sessions;
    },
    async check() {
      const checked = line('checked ');
      loader.stdin.write('check\n');
      return checked;
    },
    pid: loader.pid,
    stop: () => loader.kill('SIGTERM'),
  };
}

/** One pool of kept-alive connections for every call the benches make to the server under test. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/**
 * A call to the server under test: its status and parsed JSON answer (`body` a string is sent as it
 * is, signed bytes; anything else as JSON). node:http rather than fetch: undici's fetch cost the
 * bench 2–3 ms of CPU a call, node:http about 1, on the two cores it shares with what it measures.
 */
export function apiCall(origin, path, { method = 'GET', headers = {}, body } = {}) {
  const url = new URL(path, origin);
  const payload = body === undefined || typeof body === 'string' ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers: {
          ...headers,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          try {
            resolve({ status: res.statusCode, body: text ? JSON.parse(text) : null });
          } catch (error) {
            reject(error);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
