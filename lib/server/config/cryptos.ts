import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { Crypto } from '@/lib/schemas/config';
import { getDb } from '@/lib/server/db';
import { cryptos } from '@/lib/server/db/schema';

/** Cryptos list: the enabled currencies, in display order. */
export async function listCryptos(): Promise<{ cryptos: Crypto[] }> {
  const db = await getDb();
  const rows = await db
    .select({ symbol: cryptos.symbol, logoUrl: cryptos.logoUrl })
    .from(cryptos)
    .where(eq(cryptos.enabled, true))
    .orderBy(asc(cryptos.sortOrder), asc(cryptos.symbol));
  return { cryptos: rows };
}
