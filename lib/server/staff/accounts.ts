import 'server-only';
import { randomUUID } from 'node:crypto';
import { asc, isNull } from 'drizzle-orm';
import { generateSecret, generateURI } from 'otplib';
import { config } from '@/lib/config';
import { staffAccountSchema } from '@/lib/schemas/staff';
import { hashPassword } from '@/lib/server/auth/passwords';
import { seal } from '@/lib/server/auth/secrets';
import { getDb } from '@/lib/server/db';
import { isUniqueViolation } from '@/lib/server/db/errors';
import { staff } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import type { OperatorActor } from '@/lib/server/operator/auth';
import { audit } from '@/lib/server/operator/audit';

/** What seals a staff member's TOTP secret to their row (players' are bound to theirs). */
export const totpContext = (staffId: string) => `staff:${staffId}`;

/** The authenticator app's address for a staff member's secret. */
export const staffOtpauthUrl = (email: string, secret: string) =>
  generateURI({ issuer: `${config.SITE_NAME} back office`, label: email, secret });

/**
 * A back-office account: the password hashed like players' (argon2id), a new TOTP secret sealed
 * with the platform's key. Answers the secret and its otpauth address once, for the authenticator.
 */
export async function createStaff(
  input: unknown,
  actor?: OperatorActor,
  /** A secret made elsewhere (the local demo's admin, printed by `npm start`); a new one by default. */
  givenSecret?: string,
) {
  const account = staffAccountSchema.parse(input);
  const id = randomUUID();
  const secret = givenSecret ?? generateSecret();
  // Sealing may read the platform key from the database: before the transaction, as the embedded
  // database has one connection.
  const passwordHash = await hashPassword(account.password);
  const totpSecret = await seal('totp-secret', secret, totpContext(id));
  const db = await getDb();
  try {
    await db.transaction(async (tx) => {
      await tx.insert(staff).values({
        id,
        email: account.email,
        name: account.name,
        role: account.role,
        passwordHash,
        totpSecret,
      });
      if (actor) {
        await audit(tx, actor, {
          action: 'staff.create',
          target: `staff:${id}`,
          after: { email: account.email, role: account.role },
        });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('ACCOUNT_EXISTS');
    throw error;
  }
  const otpauthUrl = staffOtpauthUrl(account.email, secret);
  return { id, email: account.email, name: account.name, role: account.role, secret, otpauthUrl };
}

export async function staffList() {
  const db = await getDb();
  const rows = await db
    .select({ id: staff.id, email: staff.email, name: staff.name, role: staff.role })
    .from(staff)
    .where(isNull(staff.disabledAt))
    .orderBy(asc(staff.name));
  return rows;
}
