import { Client } from 'pg';

// The file's database (named in test/setup/postgres-db.ts), made before its first test; the run's
// teardown drops it (test/setup/postgres-global.mjs).
beforeAll(async () => {
  const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${process.env.JEST_PG_DATABASE}`);
  } finally {
    await client.end();
  }
});
