import { Client } from 'pg';

/**
 * A PostgreSQL database of a test file's own, on the server TEST_DATABASE_URL names: `open()` makes
 * it and points DATABASE_URL at it, `drop()` removes it with whatever is still connected. Import the
 * modules that read the configuration only after `open()`: it reads DATABASE_URL when it loads.
 */
export function ownDatabase(prefix: string) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('ownDatabase needs TEST_DATABASE_URL');
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = async (sql: string) => {
    const client = new Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  return {
    name,
    url: url.toString(),
    admin,
    async open() {
      await admin(`CREATE DATABASE ${name}`);
      process.env.DATABASE_URL = url.toString();
    },
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
