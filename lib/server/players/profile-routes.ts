import 'server-only';
import { z } from 'zod';
import {
  avatarSizeQuerySchema,
  changeUsernameSchema,
  contactChangeSchema,
  contactConfirmSchema,
  contactUndoneSchema,
  contactUndoSchema,
} from '@/lib/schemas/profile';
import { authLimits } from '@/lib/server/auth/limits';
import { binary, route } from '@/lib/server/http/route';

const tags = ['player'];
const fileName = z.object({ name: z.string().regex(/^[a-f0-9]{32}\.webp$/) });

/** My account's changes: username, avatar, email and phone (with the old address's undo). */
export const profileRoutes = {
  username: route({
    method: 'put',
    path: '/users/username',
    operationId: 'changeUsername',
    summary: 'A new username: 3–20 letters, digits or underscores, unique, once every 30 days',
    tags,
    auth: 'required',
    body: changeUsernameSchema,
    response: z.object({ username: z.string() }),
  }),
  uploadAvatar: route({
    method: 'post',
    path: '/users/avatar',
    operationId: 'uploadAvatar',
    summary:
      'A new avatar: the image itself as the body (PNG, JPEG or WebP by its bytes, up to 5 MB), cropped square and stored small',
    tags,
    auth: 'required',
    response: z.object({ avatar: z.string() }),
  }),
  removeAvatar: route({
    method: 'delete',
    path: '/users/avatar',
    operationId: 'removeAvatar',
    summary: 'Removes the avatar',
    tags,
    auth: 'required',
    response: z.object({ avatar: z.null() }),
  }),
  avatar: route({
    method: 'get',
    path: '/avatars/{name}',
    operationId: 'avatar',
    summary: 'An avatar image at 64, 128 or 256 px (WebP)',
    tags,
    params: fileName,
    query: avatarSizeQuerySchema,
    response: binary(['image/webp'], 'The avatar, square, at the size asked for'),
  }),
  changeContact: route({
    method: 'post',
    path: '/users/contact',
    operationId: 'changeContact',
    summary:
      'Asks to change the email or phone: the current password (or a sign-in in the last 5 minutes) and the 2FA code when on; a code goes to the new address',
    tags,
    auth: 'required',
    body: contactChangeSchema,
    response: z.object({ sent: z.literal(true) }),
  }),
  confirmContact: route({
    method: 'post',
    path: '/users/contact/confirm',
    operationId: 'confirmContact',
    summary:
      'The code from the new address: the change is made, the old address is told (with a 7-day undo link), withdrawals wait 24 hours',
    tags,
    auth: 'required',
    body: contactConfirmSchema,
    response: z.object({ changed: z.literal(true) }),
  }),
  undoContact: route({
    method: 'post',
    path: '/auth/contact-undo',
    operationId: 'undoContactChange',
    summary:
      "The old address's link: restores it, ends every session and holds withdrawals for 24 hours (no sign-in needed)",
    tags: ['auth'],
    body: contactUndoSchema,
    limits: [{ rule: authLimits.codeCheckPerIp, by: 'ip' }],
    response: contactUndoneSchema,
  }),
};
