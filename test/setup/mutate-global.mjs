import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/*
 * Mutation testing (`npm run mutate`) runs the money core's tests on PostgreSQL, each test file on
 * a database of its own, copied from a template migrated and seeded once per set of migrations.
 * Stryker runs Jest again for every mutant, and this runs each time: after the first, one query.
 */
const root = path.resolve(import.meta.dirname, '../..');

/** The template's name: it changes when a migration does. */
export function templateName() {
  const migrations = path.join(root, 'lib/server/db/migrations');
  const digest = createHash('sha256');
  for (const file of readdirSync(migrations).sort()) {
    if (file.endsWith('.sql')) digest.update(readFileSync(path.join(migrations, file)));
  }
  return `mutate_template_${digest.digest('hex').slice(0, 12)}`;
}

export function adminUrl() {
  const admin = process.env.TEST_DATABASE_URL ?? '';
  if (!admin) {
    throw new Error(
      'npm run mutate needs TEST_DATABASE_URL (a PostgreSQL it may create databases on)',
    );
  }
  return admin;
}

export function urlOf(database) {
  const url = new URL(adminUrl());
  url.pathname = `/${database}`;
  return url.toString();
}

/** Whether process `pid` still runs on this machine. */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * A mutant whose tests time out has its runner killed before the teardown drops that run's
 * databases (about 46 were left per `npm run mutate`). A run's id starts with its process's id, so
 * the databases of runs whose process is gone are dropped here; a live run's never are.
 */
async function dropOrphans(client) {
  const { rows } = await client.query(
    "SELECT datname FROM pg_database WHERE datname LIKE 'mutate\\_f\\_%'",
  );
  for (const { datname } of rows) {
    const owner = /^mutate_f_(\d+)x/.exec(datname)?.[1];
    if (owner && !alive(Number(owner))) {
      await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  }
}

export default async function globalSetup() {
  // One Jest run's failures (test/setup/mutate-environment.mjs).
  globalThis.__mutateRun = { failed: false };
  // The run's databases carry its id, so its teardown drops those only — never the databases of
  // another run on the same server (a Jest run beside Stryker's would pull them from under it).
  process.env.MUTATE_RUN = `${process.pid}x${randomBytes(4).toString('hex')}`;
  const template = templateName();
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await dropOrphans(client);
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (found.rowCount) return;
    // Built under another name and renamed once complete: a run stopped halfway leaves no template.
    const building = `${template}_building`;
    await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${building}`);
    // The platform's own start migrates and seeds it.
    execFileSync(
      process.execPath,
      [
        '--conditions=react-server',
        '--import',
        'tsx',
        '-e',
        `import('@/lib/server/db').then(async (m) => {
           const db = m.getDbHandle ? m : m.default;
           await db.getDbHandle();
           await db.closeDb();
         })`,
      ],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: urlOf(building), LOG_LEVEL: 'silent' },
        stdio: 'inherit',
      },
    );
    await client.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
  } finally {
    await client.end();
  }
}
