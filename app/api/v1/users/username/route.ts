import { handler } from '@/lib/server/http/handler';
import { profileRoutes } from '@/lib/server/players/profile-routes';
import { changeUsername } from '@/lib/server/players/username';

export const PUT = handler(profileRoutes.username, ({ user, body }) =>
  changeUsername(user.id, body.username),
);
