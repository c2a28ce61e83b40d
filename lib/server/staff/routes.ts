import 'server-only';
import { z } from 'zod';
import { operatorRoles } from '@/lib/schemas/operator';
import {
  staffAccountRowSchema,
  staffAccountSchema,
  staffIdParams,
  staffMemberSchema,
  staffRoleChangeSchema,
  staffSignInSchema,
  staffTotpSchema,
} from '@/lib/schemas/staff';
import { route } from '@/lib/server/http/route';

// Also counted per account inside the sign-in (lib/server/staff/sessions.ts).
const signInLimit = { name: 'staff-sign-in', limit: 30, windowMs: 15 * 60_000 };

/** The back office's sign-in: a session cookie for staff, outside the player session. */
export const staffRoutes = {
  signIn: route({
    method: 'post',
    path: '/operator/session',
    operationId: 'staffSignIn',
    summary:
      'Staff sign-in with password and TOTP code; sets an HttpOnly SameSite=Strict session cookie',
    tags: ['operator'],
    body: staffSignInSchema,
    limits: [{ rule: signInLimit, by: 'ip' }],
    response: staffMemberSchema,
  }),
  me: route({
    method: 'get',
    path: '/operator/session',
    operationId: 'staffSession',
    summary: 'Who is signed into the back office (any role)',
    tags: ['operator'],
    operator: operatorRoles,
    response: z.object({
      id: z.uuid().nullable(),
      name: z.string(),
      role: z.enum(operatorRoles),
    }),
  }),
  create: route({
    method: 'post',
    path: '/operator/staff',
    operationId: 'createStaff',
    summary:
      'Creates a back-office account (as `npm run operator:create` does); answers its TOTP secret once; audited; role admin',
    tags: ['operator'],
    operator: ['admin'],
    body: staffAccountSchema,
    response: staffMemberSchema.extend({ secret: z.string(), otpauthUrl: z.string() }),
  }),
  list: route({
    method: 'get',
    path: '/operator/staff',
    operationId: 'staffList',
    summary:
      'The back-office accounts (support agents are assigned from it); roles admin or support',
    tags: ['operator'],
    operator: ['admin', 'support'],
    response: z.array(staffMemberSchema),
  }),
  accounts: route({
    method: 'get',
    path: '/operator/staff/accounts',
    operationId: 'staffAccounts',
    summary:
      'Every back-office account, disabled ones last, with its last sign-in (the staff room); role admin',
    tags: ['operator'],
    operator: ['admin'],
    response: z.array(staffAccountRowSchema),
  }),
  changeRole: route({
    method: 'patch',
    path: '/operator/staff/{id}',
    operationId: 'changeStaffRole',
    summary:
      "Gives a staff member another role, at once (their sockets reconnect); never the last active admin's (LAST_ADMIN); audited; role admin",
    tags: ['operator'],
    operator: ['admin'],
    params: staffIdParams,
    body: staffRoleChangeSchema,
    response: z.object({ id: z.uuid(), role: z.enum(operatorRoles) }),
  }),
  disable: route({
    method: 'post',
    path: '/operator/staff/{id}/disable',
    operationId: 'disableStaff',
    summary:
      'Disables a staff account: its sessions end and its sockets close at once; never the last active admin (LAST_ADMIN); audited; role admin',
    tags: ['operator'],
    operator: ['admin'],
    params: staffIdParams,
    response: z.object({ id: z.uuid(), disabled: z.literal(true) }),
  }),
  resetTotp: route({
    method: 'post',
    path: '/operator/staff/{id}/totp',
    operationId: 'resetStaffTotp',
    summary:
      "Replaces a staff member's TOTP secret (a lost authenticator): answered once; their sessions end; audited; role admin",
    tags: ['operator'],
    operator: ['admin'],
    params: staffIdParams,
    response: staffTotpSchema,
  }),
  signOut: route({
    method: 'delete',
    path: '/operator/session',
    operationId: 'staffSignOut',
    summary: 'Ends the back-office session and deletes its cookie',
    tags: ['operator'],
    response: z.object({ signedOut: z.boolean() }),
  }),
};
