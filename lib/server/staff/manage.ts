import 'server-only';
import { and, asc, eq, isNull, max, sql } from 'drizzle-orm';
import { generateSecret } from 'otplib';
import type { OperatorRole } from '@/lib/schemas/operator';
import type { StaffAccountRow } from '@/lib/schemas/staff';
import { seal } from '@/lib/server/auth/secrets';
import { getDb } from '@/lib/server/db';
import { staff, staffSessions } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import type { OperatorActor } from '@/lib/server/operator/auth';
import { audit } from '@/lib/server/operator/audit';
import { disconnectStaff } from '@/lib/server/realtime';
import type { Tx } from '@/lib/server/wallet/ledger';
import { staffOtpauthUrl, totpContext } from './accounts';

/** Every back-office account, disabled ones last, with when each last signed in. */
export async function staffDirectory(): Promise<StaffAccountRow[]> {
  const db = await getDb();
  const lastSignIn = db
    .select({ staffId: staffSessions.staffId, at: max(staffSessions.createdAt).as('at') })
    .from(staffSessions)
    .groupBy(staffSessions.staffId)
    .as('last_sign_in');
  const rows = await db
    .select({ member: staff, lastSignInAt: lastSignIn.at })
    .from(staff)
    .leftJoin(lastSignIn, eq(lastSignIn.staffId, staff.id))
    .orderBy(sql`${staff.disabledAt} IS NOT NULL`, asc(staff.name));
  return rows.map(({ member, lastSignInAt }) => ({
    id: member.id,
    email: member.email,
    name: member.name,
    role: member.role,
    createdAt: member.createdAt.toISOString(),
    lastSignInAt: lastSignInAt ? new Date(lastSignInAt).toISOString() : null,
    disabledAt: member.disabledAt?.toISOString() ?? null,
  }));
}

/**
 * The active admins, locked until the transaction ends, always before the member a change is
 * about (one lock order, no deadlock): two admins demoting or disabling each other at once are
 * taken one after the other, and the second sees the first's change (on PostgreSQL a row that no
 * longer matches is dropped from a locking read after the wait). Then the member: the last active
 * admin is refused.
 */
async function lockedMember(tx: Tx, id: string, { keepsAdmin }: { keepsAdmin: boolean }) {
  const admins = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.role, 'admin'), isNull(staff.disabledAt)))
    .orderBy(asc(staff.id))
    .for('update');
  const row = await activeMember(tx, id);
  if (!keepsAdmin && admins.length === 1 && admins[0]!.id === id) {
    throw new ApiError('LAST_ADMIN');
  }
  return row;
}

async function activeMember(tx: Tx, id: string) {
  const [row] = await tx.select().from(staff).where(eq(staff.id, id)).for('update');
  if (!row) throw new ApiError('NOT_FOUND');
  if (row.disabledAt) throw new ApiError('CONFLICT', 'disabled');
  return row;
}

/** Ends every session of one staff member (in the transaction of the change that asks for it). */
async function endSessions(tx: Tx, id: string): Promise<void> {
  await tx
    .update(staffSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(staffSessions.staffId, id), isNull(staffSessions.revokedAt)));
}

/** A new role, at once: the member's next call is checked against it, their sockets reconnect. */
export async function changeStaffRole(actor: OperatorActor, id: string, role: OperatorRole) {
  const db = await getDb();
  const changed = await db.transaction(async (tx) => {
    const before = await lockedMember(tx, id, { keepsAdmin: role === 'admin' });
    if (before.role === role) return before;
    const [row] = await tx.update(staff).set({ role }).where(eq(staff.id, id)).returning();
    await audit(tx, actor, {
      action: 'staff.role',
      target: `staff:${id}`,
      before: { role: before.role },
      after: { role },
    });
    return row!;
  });
  disconnectStaff(id);
  return { id, role: changed.role };
}

/** Disabled: every session ends and every socket closes at once; never the last admin. */
export async function disableStaff(actor: OperatorActor, id: string) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await lockedMember(tx, id, { keepsAdmin: false });
    await tx.update(staff).set({ disabledAt: new Date() }).where(eq(staff.id, id));
    await endSessions(tx, id);
    await audit(tx, actor, {
      action: 'staff.disable',
      target: `staff:${id}`,
      before: { disabled: false },
      after: { disabled: true },
    });
  });
  disconnectStaff(id);
  return { id, disabled: true };
}

/**
 * A lost authenticator: a new secret, answered once, and the member's sessions end (whoever holds
 * the old device is signed out with it).
 */
export async function resetStaffTotp(actor: OperatorActor, id: string) {
  const secret = generateSecret();
  // Sealing may read the platform key from the database: before the transaction (one connection
  // on the embedded database).
  const sealed = await seal('totp-secret', secret, totpContext(id));
  const db = await getDb();
  const member = await db.transaction(async (tx) => {
    const row = await activeMember(tx, id);
    await tx.update(staff).set({ totpSecret: sealed, totpLastStep: null }).where(eq(staff.id, id));
    await endSessions(tx, id);
    await audit(tx, actor, { action: 'staff.totp-reset', target: `staff:${id}` });
    return row;
  });
  disconnectStaff(id);
  return { secret, otpauthUrl: staffOtpauthUrl(member.email, secret) };
}
