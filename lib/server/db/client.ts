import 'server-only';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { config } from '@/lib/config';
import { logger } from '@/lib/logger';
import * as schema from './schema';
import { seedDemo } from './seed';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

type DbHandle = { db: Db; kind: 'pglite' | 'postgres'; close: () => Promise<void> };

const MIGRATIONS_FOLDER = path.join(process.cwd(), 'lib/server/db/migrations');

// Route handlers are bundled separately; the one connection lives on globalThis so they share it.
const globalForDb = globalThis as unknown as { __dbHandle?: Promise<DbHandle> };

async function open(): Promise<DbHandle> {
  if (config.DATABASE_URL) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: config.DATABASE_URL, max: 10 });
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const inMemory = config.PGLITE_DATA_DIR.startsWith('memory://');
  const dataDir = inMemory ? config.PGLITE_DATA_DIR : path.resolve(config.PGLITE_DATA_DIR);
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  // Search uses pg_trgm and unaccent, which PGlite ships as loadable extensions.
  const [{ pg_trgm }, { unaccent }] = await Promise.all([
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
  ]);
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm, unaccent } });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

async function start(): Promise<DbHandle> {
  const started = Date.now();
  const handle = await open();
  if (config.SEED_DEMO) await seedDemo(handle.db);
  logger.info({ kind: handle.kind, ms: Date.now() - started }, 'database ready');
  return handle;
}

/** The database, migrated (and seeded with demo data unless SEED_DEMO=false) on first use. */
export async function getDbHandle(): Promise<DbHandle> {
  if (!globalForDb.__dbHandle) {
    globalForDb.__dbHandle = start().catch((error: unknown) => {
      globalForDb.__dbHandle = undefined;
      throw error;
    });
  }
  return globalForDb.__dbHandle;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

export async function closeDb(): Promise<void> {
  const handle = globalForDb.__dbHandle;
  globalForDb.__dbHandle = undefined;
  if (handle) await (await handle).close();
}
