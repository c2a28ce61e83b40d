/*
 * The `postgres` Jest project runs the payout files a second time on PostgreSQL: each file on a
 * database of its own, named here (the platform's configuration reads DATABASE_URL when the file
 * imports it) and created empty before its first test (test/setup/postgres-hooks.ts); the
 * platform's own start migrates and seeds it, as in production.
 */
const admin = process.env.TEST_DATABASE_URL ?? '';
if (!admin) throw new Error('the postgres Jest project runs only with TEST_DATABASE_URL');
const database = `jest_pg_${process.env.JEST_PG_RUN ?? 'norun'}_${process.pid}_${Date.now()}`;
const url = new URL(admin);
url.pathname = `/${database}`;
process.env.DATABASE_URL = url.toString();
process.env.JEST_PG_DATABASE = database;
// The same files run at the same time in the embedded-database project: their local servers
// (Ganache) listen elsewhere (test/server/helpers/ports.ts).
process.env.TEST_PORT_OFFSET = '100';
export {};
