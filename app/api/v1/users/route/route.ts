import { trackRoute } from '@/lib/server/auth/session';
import { handler } from '@/lib/server/http/handler';
import { playerRoutes } from '@/lib/server/players/routes';

/** Track current route (spec §7): stored on the player's session. */
export const PATCH = handler(playerRoutes.trackRoute, async ({ user, body }) => {
  await trackRoute(user.sessionId, body.route);
  return { tracked: true };
});
