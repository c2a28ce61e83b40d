import pg from 'pg';

/**
 * Drops the databases this run's test files made (test/setup/mutate-db.ts, named with the run's id
 * from test/setup/mutate-global.mjs); keeps the template and other runs' databases.
 */
export default async function teardown() {
  const admin = process.env.TEST_DATABASE_URL;
  const run = process.env.MUTATE_RUN;
  if (!admin || !run) return;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  const { rows } = await client.query('SELECT datname FROM pg_database WHERE datname LIKE $1', [
    `mutate\\_f\\_${run}\\_%`,
  ]);
  for (const { datname } of rows)
    await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  await client.end();
}
