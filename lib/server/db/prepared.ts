import 'server-only';
import { getDb, type Db } from './client';

/**
 * A query built once per database and kept as a named prepared statement: the hot paths (every
 * authenticated request's session, the header's balances) skip building the SQL in JS and parsing
 * it in PostgreSQL on each call. Placeholders (`sql.placeholder`) carry the values.
 */
export function prepared<T>(build: (db: Db) => T): () => Promise<T> {
  // Keyed by the database object: a test that closes and reopens it gets a fresh statement.
  const built = new WeakMap<Db, T>();
  return async () => {
    const db = await getDb();
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
