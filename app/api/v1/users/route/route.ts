import { trackRouteSchema } from '@/lib/schemas/auth';
import { trackRoute } from '@/lib/server/auth/session';
import { handler } from '@/lib/server/http/handler';

/** Track current route (spec §7): stored on the player's session. */
export const PATCH = handler(
  { auth: 'required', body: trackRouteSchema },
  async ({ user, body }) => {
    await trackRoute(user.sessionId, body.route);
    return { tracked: true };
  },
);
