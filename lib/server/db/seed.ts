import 'server-only';
import type { Db } from './client';
import { cryptos, languages } from './schema';
import { cryptoRows, languageRows } from './seed-data';

/** Idempotent demo seed: inserts what is missing and never overwrites an operator's edits. */
export async function seedDemo(db: Db): Promise<void> {
  await db.insert(languages).values(languageRows).onConflictDoNothing({ target: languages.code });
  await db.insert(cryptos).values(cryptoRows).onConflictDoNothing({ target: cryptos.symbol });
}
