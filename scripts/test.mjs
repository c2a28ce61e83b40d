#!/usr/bin/env node
// `npm test`: every check, in order, stopping at the first failure. Each step prints its time.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ensureInstall } from './ensure-install.mjs';

const root = path.resolve(import.meta.dirname, '..');
ensureInstall(root);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Browser tests need Chromium at ${chromium}: apt-get install -y chromium (or set CHROMIUM_PATH).`,
  );
  process.exit(1);
}

if (!process.env.TEST_DATABASE_URL) {
  // The money races (one key at once, holds of the whole balance, lock waits) mean something only
  // on a real server: under CI their absence is a failure, not a skip.
  if (process.env.CI) {
    console.error(
      'CI is set but TEST_DATABASE_URL is not: the PostgreSQL tests cannot be skipped under CI (.ci/run starts PostgreSQL and sets it).',
    );
    process.exit(1);
  }
  console.log('TEST_DATABASE_URL is not set: the PostgreSQL tests are skipped (.ci/run sets it).');
}

const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: '1',
  // PGlite loads its WASM through a dynamic import, which Jest only allows with VM modules.
  NODE_OPTIONS: [
    process.env.NODE_OPTIONS,
    '--experimental-vm-modules',
    '--no-warnings=ExperimentalWarning',
  ]
    .filter(Boolean)
    .join(' '),
};

const steps = [
  ['format', ['npx', 'prettier', '--check', '.']],
  ['lint', ['npx', 'eslint', '--max-warnings=0', '.']],
  ['type-check', ['npx', 'tsc', '--noEmit']],
  // Types were checked just above; the build skips its own pass (SKIP_BUILD_TYPECHECK). It comes
  // before Jest: the server tests serve it through the real server.ts (test/server/page-server.test.ts).
  ['build', ['npx', 'next', 'build'], { SKIP_BUILD_TYPECHECK: '1', NODE_ENV: 'production' }],
  ['jest', ['npx', 'jest', '--ci']],
  ['e2e', ['npx', 'playwright', 'test']],
  // A real Strapi 5 from cms/ (its own install, about 2 minutes the first time): with PostgreSQL
  // and Redis only (.ci/run starts both).
  ...(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL
    ? [['cms', ['node', 'scripts/test-cms.mjs'], { CMS_E2E: '1' }]]
    : []),
];

// `npm test -- jest e2e` runs only the named steps (format, lint, type-check, build, jest, e2e, cms).
const only = process.argv.slice(2);
const results = [];
for (const [name, [cmd, ...args], extraEnv = {}] of steps) {
  if (only.length && !only.includes(name)) continue;
  console.log(`\n▶ ${name}: ${[cmd, ...args].join(' ')}`);
  const started = Date.now();
  const run = spawnSync(cmd, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push(`${run.status === 0 ? '✓' : '✗'} ${name} ${seconds}s`);
  if (run.status !== 0) {
    console.error(`\n${results.join('\n')}\n\n✗ ${name} failed`);
    process.exit(run.status ?? 1);
  }
}
console.log(`\n${results.join('\n')}\n\nAll checks passed.`);
