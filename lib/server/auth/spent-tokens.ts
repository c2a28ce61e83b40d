import 'server-only';
import { lt } from 'drizzle-orm';
import { getDb } from '@/lib/server/db';
import { spentTokens } from '@/lib/server/db/schema';

/**
 * Marks a proof used; false when it was used before. One conditional insert, so of two requests
 * racing with the same proof exactly one wins. `key` should be a hash, not the proof itself.
 */
export async function spendOnce(kind: string, key: string, expiresAt: Date): Promise<boolean> {
  const db = await getDb();
  await db.delete(spentTokens).where(lt(spentTokens.expiresAt, new Date()));
  const rows = await db
    .insert(spentTokens)
    .values({ kind, key, expiresAt })
    .onConflictDoNothing()
    .returning({ key: spentTokens.key });
  return rows.length === 1;
}
