import { signInHistory } from '@/lib/server/auth/account-security';
import { securityRoutes } from '@/lib/server/auth/security-routes';
import { handler } from '@/lib/server/http/handler';

export const GET = handler(securityRoutes.signInHistory, ({ user, query }) =>
  signInHistory(user, query.cursor),
);
