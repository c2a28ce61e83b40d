import { signOutSession } from '@/lib/server/auth/account-security';
import { securityRoutes } from '@/lib/server/auth/security-routes';
import { handler } from '@/lib/server/http/handler';

export const DELETE = handler(securityRoutes.signOutSession, ({ user, params }) =>
  signOutSession(user, params.id),
);
