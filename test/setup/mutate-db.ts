import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * Mutation testing (`npm run mutate`) runs the money core's tests on PostgreSQL, each test file on
 * a database of its own. Stryker runs those files again for every mutant, so a file's database is
 * a copy of a template made once per set of migrations (migrated and seeded), not migrated anew. A
 * setup file cannot wait, so child processes do the work; the run's end drops them all
 * (test/setup/mutate-teardown.mjs).
 */
const admin = process.env.TEST_DATABASE_URL ?? '';
if (!admin) {
  throw new Error(
    'npm run mutate needs TEST_DATABASE_URL (a PostgreSQL it may create databases on)',
  );
}
const root = path.resolve(__dirname, '../..');
const migrations = path.join(root, 'lib/server/db/migrations');
const digest = createHash('sha256');
for (const file of readdirSync(migrations).sort()) {
  if (file.endsWith('.sql')) digest.update(readFileSync(path.join(migrations, file)));
}
const template = `mutate_template_${digest.digest('hex').slice(0, 12)}`;
const name = `mutate_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
const urlOf = (database: string) => {
  const url = new URL(admin);
  url.pathname = `/${database}`;
  return url.toString();
};

/** Runs a few statements on the admin connection, in a child process (synchronously). */
function adminSql(statements: string[]): string {
  return execFileSync(
    process.execPath,
    [
      '-e',
      `const { Client } = require('pg');
       (async () => {
         const c = new Client({ connectionString: process.argv[1] });
         await c.connect();
         let out = '';
         for (const s of JSON.parse(process.argv[2])) out = JSON.stringify((await c.query(s)).rows);
         await c.end();
         process.stdout.write(out);
       })().catch((e) => { console.error(e); process.exit(1); });`,
      admin,
      JSON.stringify(statements),
    ],
    { cwd: root, encoding: 'utf8' },
  );
}

const found = adminSql([`SELECT 1 FROM pg_database WHERE datname = '${template}'`]);
if (found === '[]') {
  // Built under another name and renamed once complete: a run stopped halfway leaves no template.
  const building = `${template}_building`;
  adminSql([`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`, `CREATE DATABASE ${building}`]);
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
  adminSql([`ALTER DATABASE ${building} RENAME TO ${template}`]);
}
adminSql([`CREATE DATABASE ${name} TEMPLATE ${template}`]);
process.env.DATABASE_URL = urlOf(name);
