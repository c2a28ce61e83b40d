import pg from 'pg';

// The `postgres` Jest project's databases of this run (test/setup/postgres-global.mjs), dropped.
export default async function teardown() {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `jest_pg_${process.env.JEST_PG_RUN}_%`,
    ]);
    for (const { datname } of rows) {
      await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  } finally {
    await client.end();
  }
}
