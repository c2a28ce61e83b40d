import 'server-only';
import type { ErrorLogInput } from '@/lib/schemas/error-log';
import type { SessionUser } from '@/lib/server/auth/session';
import { getDb } from '@/lib/server/db';
import { errorLogs } from '@/lib/server/db/schema';
import { logger } from '@/lib/logger';

/** Stores an interface error the site reported, with the player when one is signed in. */
export async function recordErrorLog(
  input: ErrorLogInput,
  user: SessionUser | null,
): Promise<{ id: string }> {
  const db = await getDb();
  const [row] = await db
    .insert(errorLogs)
    .values({
      message: input.message,
      componentStack: input.componentStack ?? null,
      url: input.url,
      userAgent: input.userAgent ?? null,
      occurredAt: new Date(input.timestamp),
      userId: user?.id ?? null,
    })
    .returning({ id: errorLogs.id });
  const id = row!.id; // an INSERT … RETURNING of one row returns that row
  logger.warn(
    { errorLogId: id, url: input.url, message: input.message },
    'interface error reported',
  );
  return { id };
}
