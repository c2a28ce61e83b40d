import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { Language } from '@/lib/schemas/config';
import { getDb } from '@/lib/server/db';
import { languages } from '@/lib/server/db/schema';

/** Languages config: the enabled languages, in the order the picker lists them. */
export async function listLanguages(): Promise<Language[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(languages)
    .where(eq(languages.enabled, true))
    .orderBy(asc(languages.sortOrder), asc(languages.code));
  return rows.map((row) => ({
    abbreviatedCode: row.code,
    nameOfTheLanguage: row.name,
    flag: row.flag,
    direction: row.direction,
  }));
}
