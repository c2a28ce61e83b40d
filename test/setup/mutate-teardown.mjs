import pg from 'pg';

/** Drops the databases the run's test files made (test/setup/mutate-db.ts); keeps the template. */
export default async function teardown() {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  const { rows } = await client.query(
    "SELECT datname FROM pg_database WHERE datname LIKE 'mutate\\_f\\_%'",
  );
  for (const { datname } of rows)
    await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  await client.end();
}
