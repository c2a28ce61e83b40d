import { z } from 'zod';
import { operatorRoles } from './operator';

/* Back-office staff: their accounts (made by a command) and their sign-in. */

export const STAFF_PASSWORD_MIN = 12;

export const staffAccountSchema = z.object({
  email: z.email().trim().toLowerCase(),
  name: z.string().trim().min(1).max(40),
  role: z.enum(operatorRoles),
  password: z.string().min(STAFF_PASSWORD_MIN).max(200),
});

export const staffSignInSchema = z.object({
  email: z.email().trim().toLowerCase(),
  password: z.string().min(1).max(200),
  code: z.string().regex(/^\d{6}$/),
});
export type StaffSignIn = z.infer<typeof staffSignInSchema>;

export const staffMemberSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: z.enum(operatorRoles),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** A back-office account as the staff room lists it: disabled ones too, with their last sign-in. */
export const staffAccountRowSchema = staffMemberSchema
  .extend({
    createdAt: z.string(),
    lastSignInAt: z.string().nullable(),
    disabledAt: z.string().nullable(),
  })
  .meta({ id: 'StaffAccount' });
export type StaffAccountRow = z.infer<typeof staffAccountRowSchema>;

export const staffRoleChangeSchema = z.object({ role: z.enum(operatorRoles) });
export const staffIdParams = z.object({ id: z.uuid() });

/** A new TOTP secret, answered once: the staff member adds it to their authenticator again. */
export const staffTotpSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
