import { handler } from '@/lib/server/http/handler';
import { requestContactChange } from '@/lib/server/players/contact-change';
import { profileRoutes } from '@/lib/server/players/profile-routes';

export const POST = handler(profileRoutes.changeContact, async ({ user, player, body, meta }) =>
  requestContactChange(user, await player(), body, meta),
);
