import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { config } from '@/lib/config';
import { logger } from '@/lib/logger';
import { getDb } from '@/lib/server/db';
import { users } from '@/lib/server/db/schema';
import { deliverSoon } from './events/deliver';
import type { Tx } from './ledger';
import { withRetries } from './ledger-retry';

/**
 * Work that moves no money but must run where a posting would: under the player's row lock (so it
 * is ordered with their postings — a nonce, a game of nothing), with the postings' lock timeout,
 * run again on a lost lock wait or a deadlock, and any event it wrote delivered once it commits.
 */
export async function underPlayerLock<T>(userId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  const db = await getDb();
  const { result, emitted } = await withRetries(() =>
    db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT set_config('lock_timeout', ${`${config.POST_LOCK_TIMEOUT_MS}ms`}, true)`,
      );
      await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, userId))
        .for('no key update');
      return work(tx);
    }),
  );
  if (emitted) {
    await deliverSoon().catch((err: unknown) => logger.warn({ err }, 'event delivery not started'));
  }
  return result;
}
