/*
 * `npm run mutate`: the test file's database, named now (the platform's configuration reads
 * DATABASE_URL when a test file imports it) and made only before its first test runs
 * (test/setup/mutate-hooks.ts): Stryker runs only the tests that cover a mutant, and a file with
 * none of them then costs no database.
 */
const admin = process.env.TEST_DATABASE_URL ?? '';
if (!admin) {
  throw new Error(
    'npm run mutate needs TEST_DATABASE_URL (a PostgreSQL it may create databases on)',
  );
}
const run = process.env.MUTATE_RUN ?? 'norun';
const database = `mutate_f_${run}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
const url = new URL(admin);
url.pathname = `/${database}`;
process.env.DATABASE_URL = url.toString();
process.env.MUTATE_DATABASE = database;
export {};
