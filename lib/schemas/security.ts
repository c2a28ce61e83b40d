import { z } from 'zod';
import { newPasswordField, PASSWORD_MAX } from './auth';

/** The security page's data: live sessions, the sign-in history, the password change. */

/** How a player signed in (the platform's login types). */
export const signInMethods = [
  'email',
  'phone',
  'metamask',
  'walletconnect',
  'phantom',
  'telegram',
  'google',
  'coinbase',
] as const;

/** What a user agent tells of a device (lib/account/user-agent.ts). */
export const deviceKinds = ['desktop', 'mobile', 'tablet'] as const;

const device = {
  browser: z.string().nullable(),
  os: z.string().nullable(),
  device: z.enum(deviceKinds),
  ip: z.string().nullable(),
};

export const accountSessionSchema = z
  .object({
    id: z.uuid(),
    /** The session this request came from. */
    current: z.boolean(),
    loginType: z.enum(signInMethods).nullable(),
    ...device,
    createdAt: z.iso.datetime(),
    lastSeenAt: z.iso.datetime(),
  })
  .meta({ id: 'AccountSession' });
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const sessionIdSchema = z.object({ id: z.uuid() });

export const signInEventSchema = z
  .object({
    id: z.uuid(),
    loginType: z.enum(signInMethods),
    ...device,
    success: z.boolean(),
    /** The error code a failed sign-in answered (INVALID_CREDENTIALS, INVALID_2FA, …). */
    reason: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'SignInEvent' });
export type SignInEvent = z.infer<typeof signInEventSchema>;

/** A page of the history, newest first; `cursor` asks for the page after it. */
export const SIGN_IN_HISTORY_PAGE = 20;
export const signInHistoryQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^\d{13}_[0-9a-f-]{36}$/)
    .optional(),
});
export const signInHistorySchema = z
  .object({ data: z.array(signInEventSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'SignInHistory' });
export type SignInHistory = z.infer<typeof signInHistorySchema>;

/**
 * A new password, typed twice, and the current one (players who have one; a player who signed in
 * with a wallet or Google sets a first password after a recent sign-in).
 */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string()
      .min(1, 'passwordRequired')
      .max(PASSWORD_MAX, 'passwordMax')
      .optional(),
    password: newPasswordField,
    repeatPassword: z.string({ error: 'passwordRequired' }),
  })
  .refine((v) => v.repeatPassword === v.password, {
    message: 'passwordsDiffer',
    path: ['repeatPassword'],
  })
  .meta({ id: 'ChangePassword' });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
