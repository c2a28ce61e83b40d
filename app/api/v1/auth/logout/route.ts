import { authRoutes } from '@/lib/server/auth/routes';
import { revokeSession } from '@/lib/server/auth/session';
import { handler } from '@/lib/server/http/handler';

/** Sign out: the session row is revoked, so the token stops working everywhere at once. */
export const POST = handler(authRoutes.signOut, async ({ user }) => {
  await revokeSession(user.sessionId);
  return { signedOut: true };
});
