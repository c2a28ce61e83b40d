import { z } from 'zod';
import { codeField, emailField, phoneField, twoFactorCodeField } from './auth';

/* My account: the username, the avatar, and changes of email or phone. */

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
/** A chosen username may change once in this many days. */
export const USERNAME_CHANGE_DAYS = 30;
/** How long the old address may undo a change of email or phone. */
export const CONTACT_UNDO_DAYS = 7;
/** The avatar as uploaded, before it is cropped and made small. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const avatarSizes = [64, 128, 256] as const;
type AvatarSize = (typeof avatarSizes)[number];

export const usernameField = z
  .string({ error: 'usernameRules' })
  .trim()
  .regex(new RegExp(`^[A-Za-z0-9_]{${USERNAME_MIN},${USERNAME_MAX}}$`), 'usernameRules');

export const changeUsernameSchema = z
  .object({ username: usernameField })
  .meta({ id: 'ChangeUsername' });

/**
 * A new email or phone: the current password (or a sign-in in the last 5 minutes) and, with 2FA
 * on, its code — a token taken from the browser alone cannot move the account. A code then goes to
 * the new address.
 */
export const contactChangeSchema = z
  .discriminatedUnion('channel', [
    z.object({ channel: z.literal('email'), contact: emailField }),
    z.object({ channel: z.literal('phone'), contact: phoneField }),
  ])
  .and(
    z.object({
      password: z.string().min(1).max(200).optional(),
      twoFactorCode: twoFactorCodeField.optional(),
    }),
  )
  .meta({ id: 'ContactChange' });
export type ContactChangeInput = z.input<typeof contactChangeSchema>;

export const contactConfirmSchema = z
  .discriminatedUnion('channel', [
    z.object({ channel: z.literal('email'), contact: emailField, code: codeField }),
    z.object({ channel: z.literal('phone'), contact: phoneField, code: codeField }),
  ])
  .meta({ id: 'ContactConfirm' });

export const contactUndoSchema = z
  .object({ token: z.string().regex(/^[A-Za-z0-9_-]{32,64}$/, 'undoLinkInvalid') })
  .meta({ id: 'ContactUndo' });

export const contactUndoneSchema = z
  .object({ channel: z.enum(['email', 'phone']), restored: z.string().nullable() })
  .meta({ id: 'ContactUndone' });

/**
 * `?size=` names one of the sizes (a query string's text, so the document lists them as its enum);
 * the handler gets the number.
 */
export const avatarSizeQuerySchema = z.object({
  size: z
    .enum(avatarSizes.map(String) as [`${AvatarSize}`, ...`${AvatarSize}`[]], 'avatarSize')
    .default('128')
    .transform(Number),
});
