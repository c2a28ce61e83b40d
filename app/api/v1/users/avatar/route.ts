import { handler } from '@/lib/server/http/handler';
import { removeAvatar, uploadAvatar } from '@/lib/server/players/avatar';
import { profileRoutes } from '@/lib/server/players/profile-routes';

export const POST = handler(profileRoutes.uploadAvatar, ({ user, request }) =>
  uploadAvatar(user.id, request),
);
export const DELETE = handler(profileRoutes.removeAvatar, ({ user }) => removeAvatar(user.id));
