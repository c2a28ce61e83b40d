import 'server-only';
import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { USERNAME_CHANGE_DAYS } from '@/lib/schemas/profile';
import { getDb } from '@/lib/server/db';
import { isUniqueViolation } from '@/lib/server/db/errors';
import { users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';

/**
 * A username the player chooses: unique whatever the case, once every 30 days. One conditional
 * statement takes it (the chosen-names index refuses a name taken at the same instant).
 */
export async function changeUsername(
  userId: string,
  username: string,
): Promise<{ username: string }> {
  const db = await getDb();
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, ne(users.id, userId)))
    .limit(1);
  if (taken) throw new ApiError('USERNAME_TAKEN');
  const cutoff = new Date(Date.now() - USERNAME_CHANGE_DAYS * 24 * 3_600_000);
  const rows = await db
    .update(users)
    .set({ username, usernameChangedAt: new Date() })
    .where(
      and(
        eq(users.id, userId),
        or(isNull(users.usernameChangedAt), lt(users.usernameChangedAt, cutoff)),
      ),
    )
    .returning({ username: users.username })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new ApiError('USERNAME_TAKEN');
      throw error;
    });
  if (!rows.length) throw new ApiError('USERNAME_CHANGE_TOO_SOON');
  return rows[0]!;
}
