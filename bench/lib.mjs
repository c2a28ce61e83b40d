import { spawn } from 'node:child_process';
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
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      SITE_URL: origin,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
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
  const line = (prefix) => new Promise((resolve) => waiting.push({ prefix, resolve }));
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
    stop: () => loader.kill('SIGTERM'),
  };
}
