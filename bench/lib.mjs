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
    async check() {
      const checked = line('checked ');
      loader.stdin.write('check\n');
      return checked;
    },
    stop: () => loader.kill('SIGTERM'),
  };
}
