import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/*
 * The `server` Jest project: every test file opens a fresh in-memory PGlite, and a fresh one runs
 * initdb (4.5 s of the 5.3 s an open takes, more beside the other worker). One data directory,
 * migrated, is dumped here and each file starts from it (PGLITE_TEMPLATE, lib/server/db/client.ts).
 * The dump is named after the migrations and PGlite's version, so a run reuses the last run's.
 */
const root = path.resolve(import.meta.dirname, '../..');
const migrations = path.join(root, 'lib/server/db/migrations');

async function templateName() {
  const hash = createHash('sha256');
  hash.update(await readFile(path.join(root, 'node_modules/@electric-sql/pglite/package.json')));
  for (const entry of (await readdir(migrations, { recursive: true })).sort()) {
    const file = path.join(migrations, entry);
    if (entry.endsWith('.sql') || entry.endsWith('.json')) {
      hash.update(entry).update(await readFile(file));
    }
  }
  return path.join(tmpdir(), `casino-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
}

export default async function setup() {
  const file = await templateName();
  if (!existsSync(file)) {
    const db = await PGlite.create('memory://', { extensions: { pg_trgm, unaccent } });
    try {
      await migrate(drizzle(db), { migrationsFolder: migrations });
      const dump = await db.dumpDataDir('none');
      // Written aside and renamed: a run beside this one never reads half a file.
      const partial = `${file}.${process.pid}`;
      await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
      await rename(partial, file);
    } finally {
      await db.close();
    }
  }
  process.env.PGLITE_TEMPLATE = file;
}
