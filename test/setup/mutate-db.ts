import { execFileSync } from 'node:child_process';

/*
 * Mutation testing (`npm run mutate`) runs the money core's tests on PostgreSQL: each test file gets
 * a database of its own, made here before the file's modules load (a setup file cannot wait, so a
 * child process makes it), and dropped with the others when the run ends (test/setup/mutate-teardown.mjs).
 */
const admin = process.env.TEST_DATABASE_URL;
if (!admin)
  throw new Error(
    'npm run mutate needs TEST_DATABASE_URL (a PostgreSQL it may create databases on)',
  );
const name = `mutate_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
execFileSync(
  process.execPath,
  [
    '-e',
    `const { Client } = require('pg'); const c = new Client({ connectionString: process.argv[1] });
     c.connect().then(() => c.query('CREATE DATABASE ${name}')).then(() => c.end()).catch((e) => { console.error(e); process.exit(1); });`,
    admin,
  ],
  { stdio: 'inherit' },
);
const url = new URL(admin);
url.pathname = `/${name}`;
process.env.DATABASE_URL = url.toString();
