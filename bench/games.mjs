#!/usr/bin/env node
/**
 * Games list and search latency at 50 concurrent requests, against the embedded database (PGlite)
 * and, when BENCH_DATABASE_URL points at a PostgreSQL server, against PostgreSQL. Prints p50 / p95 /
 * p99; asserts nothing. Needs a production build (`npx next build`). `npm run bench:games`.
 *
 *   BENCH_SECONDS=10        seconds of load per case (default 10)
 *   BENCH_CONNECTIONS=50    concurrent requests (default 50)
 *   BENCH_DATABASE_URL      PostgreSQL admin URL; a fresh database is made for the run
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { waitFor, withFreshDatabase } from './lib.mjs';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

const cases = [
  ['Games list (lobby row, 32)', '/api/v1/games?section=slots&category=lobby&limit=32'],
  ['Games list (category page 2)', '/api/v1/games?section=slots&category=bonus-buy&page=2'],
  ['search "golden" (30)', '/api/v1/games?search=golden&limit=30'],
  ['search accent "creme brulee"', '/api/v1/games?search=creme%20brulee&limit=30'],
  ['search typo "bonansa"', '/api/v1/games?search=bonansa&limit=30'],
  ['search provider "paper crane"', '/api/v1/games?search=paper%20crane&limit=30'],
];

async function measure(label, database, extraEnv, port) {
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      SITE_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const origin = `http://localhost:${port}`;
    await waitFor(`${origin}/api/v1/health`);
    const rows = [];
    for (const [name, url] of cases) {
      await fetch(origin + url); // warm
      const result = await autocannon({ url: origin + url, connections, duration: seconds });
      rows.push({
        name,
        ...result.latency,
        rps: result.requests.average,
        errors: result.errors + result.non2xx,
      });
    }
    console.log(`\n${label} (${database}), ${connections} concurrent, ${seconds}s each`);
    console.log('case                              p50 ms p97.5ms  p99 ms   req/s  errors');
    for (const r of rows) {
      console.log(
        `${r.name.padEnd(32)} ${String(r.p50).padStart(7)} ${String(r.p97_5).padStart(7)} ${String(r.p99).padStart(7)} ${r.rps.toFixed(0).padStart(7)} ${String(r.errors).padStart(7)}`,
      );
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

// Each database twice: every request read from the database, then with the 5 s catalog cache.
const uncached = { GAMES_CACHE_SECONDS: '0' };
await measure('Embedded, no cache', 'PGlite', { PGLITE_DATA_DIR: 'memory://', ...uncached }, 3410);
await measure('Embedded, catalog cache 5 s', 'PGlite', { PGLITE_DATA_DIR: 'memory://' }, 3412);

const admin = process.env.BENCH_DATABASE_URL;
if (admin) {
  await withFreshDatabase(admin, 'bench_games', async (url) => {
    await measure('PostgreSQL, no cache', 'PostgreSQL', { DATABASE_URL: url, ...uncached }, 3411);
    await measure('PostgreSQL, catalog cache 5 s', 'PostgreSQL', { DATABASE_URL: url }, 3413);
  });
} else {
  console.log(
    '\nPostgreSQL: set BENCH_DATABASE_URL (e.g. postgres://postgres:postgres@127.0.0.1:5432/postgres) to measure it too.',
  );
}
