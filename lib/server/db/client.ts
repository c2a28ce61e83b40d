import 'server-only';
import { openAsBlob } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite as PGliteInstance } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { config } from '@/lib/config';
import { logger } from '@/lib/logger';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';
import { seedDemo } from './seed';
import { createStatementCache, nameStatements } from './statement-cache';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Plain SQL for libraries that bring their own statements (the job queue). */
export type RawSql = (
  text: string,
  values?: unknown[],
) => Promise<{ rows: Record<string, unknown>[] }>;

export type DbHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  sql: RawSql;
  /** Runs before the connection closes (the job queue stops polling first). */
  beforeClose: Array<() => Promise<void>>;
  close: () => Promise<void>;
  /**
   * A connection of its own, out of the pool until released (PostgreSQL only): what holds a
   * session's advisory lock, which ends with the connection — a server that dies lets it go.
   */
  pin?: () => Promise<{ query: RawSql; release: (destroy?: boolean) => void }>;
};

type Opened = Omit<DbHandle, 'beforeClose'>;

const MIGRATIONS_FOLDER = path.join(process.cwd(), 'lib/server/db/migrations');
/** The advisory lock servers sharing one PostgreSQL take while they migrate and seed. */
const SETUP_LOCK = 7_314_001;
/** Connections each process holds open to PostgreSQL. */
const POOL_SIZE = 10;

// Route handlers are bundled separately; the one connection lives on globalThis so they share it
// (declared in global.d.ts).

async function open(): Promise<Opened> {
  if (config.DATABASE_URL) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // Every connection opened is kept: pg closes one idle for 10 s by default, so the first burst
    // after a lull paid for up to ten new ones at once — a PostgreSQL fork, a SCRAM handshake on
    // both sides, cold catalog caches, statements prepared again — and its requests waited behind
    // them (bench/README.md, bench:wallet).
    const pool = new Pool({
      connectionString: config.DATABASE_URL,
      max: POOL_SIZE,
      min: POOL_SIZE,
    });
    // An idle connection the server closes (a restart, a failover, an administrator) is an 'error'
    // on the pool; unheard, Node ends the process. The pool drops that connection and opens another
    // on the next query, so it is only worth a line in the log.
    pool.on('error', (err) => logger.warn({ err }, 'database connection lost while idle'));
    // Statements sent again and again are prepared once per connection (statement-cache.ts).
    const statements = createStatementCache();
    pool.on('connect', (client) => nameStatements(client, statements));
    const db = drizzle(pool, { schema });
    // Servers starting together take turns: one migrates and seeds, the next finds it done.
    const lock = await pool.connect();
    try {
      await lock.query('SELECT pg_advisory_lock($1)', [SETUP_LOCK]);
      await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
      if (config.SEED_DEMO) await seedDemo(db);
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [SETUP_LOCK]).catch(() => undefined);
      lock.release();
    }
    const raw: RawSql = async (text, values) => pool.query(text, values);
    const pin = async () => {
      const client = await pool.connect();
      return {
        query: (async (text, values) => client.query(text, values)) as RawSql,
        release: (destroy?: boolean) => client.release(destroy),
      };
    };
    return { db, kind: 'postgres', sql: raw, close: () => pool.end(), pin };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const inMemory = config.PGLITE_DATA_DIR.startsWith('memory://');
  const dataDir = inMemory ? config.PGLITE_DATA_DIR : path.resolve(config.PGLITE_DATA_DIR);
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  // One process at a time on a data directory (the site, a script): refused while another holds it.
  const unlock = inMemory ? () => undefined : lockDataDir(dataDir);
  let client: PGliteInstance | undefined;
  try {
    // Search uses pg_trgm and unaccent, which PGlite ships as loadable extensions.
    const [{ pg_trgm }, { unaccent }] = await Promise.all([
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('@electric-sql/pglite/contrib/unaccent'),
    ]);
    const template =
      inMemory && config.PGLITE_TEMPLATE ? await openAsBlob(config.PGLITE_TEMPLATE) : undefined;
    const opened = await PGlite.create(dataDir, {
      extensions: { pg_trgm, unaccent },
      ...(template && { loadDataDir: template }),
    });
    client = opened;
    const db = drizzle(opened, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    if (config.SEED_DEMO) await seedDemo(db);
    // PGlite's query() takes one statement; scripts of several (schema setup) go through exec().
    const raw: RawSql = async (text, values) => {
      if (values?.length) return opened.query(text, values);
      const results = await opened.exec(text);
      return (results.at(-1) as { rows: Record<string, unknown>[] } | undefined) ?? { rows: [] };
    };
    const close = async () => {
      try {
        await opened.close();
      } finally {
        unlock();
      }
    };
    return { db, kind: 'pglite', sql: raw, close };
  } catch (error) {
    await client?.close().catch(() => undefined);
    unlock();
    throw error;
  }
}

async function start(): Promise<DbHandle> {
  const started = Date.now();
  const opened = await open();
  logger.info({ kind: opened.kind, ms: Date.now() - started }, 'database ready');
  const beforeClose: DbHandle['beforeClose'] = [];
  return {
    ...opened,
    beforeClose,
    close: async () => {
      for (const hook of beforeClose.splice(0)) await hook().catch(() => undefined);
      await opened.close();
    },
  };
}

/** The database, migrated (and seeded with demo data unless SEED_DEMO=false) on first use. */
export async function getDbHandle(): Promise<DbHandle> {
  if (!globalThis.__dbHandle) {
    globalThis.__dbHandle = start().catch((error: unknown) => {
      globalThis.__dbHandle = undefined;
      throw error;
    });
  }
  return globalThis.__dbHandle;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

export async function closeDb(): Promise<void> {
  const handle = globalThis.__dbHandle;
  globalThis.__dbHandle = undefined;
  if (handle) await (await handle).close();
}
