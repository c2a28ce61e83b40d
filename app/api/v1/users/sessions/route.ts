import { listSessions } from '@/lib/server/auth/account-security';
import { securityRoutes } from '@/lib/server/auth/security-routes';
import { handler } from '@/lib/server/http/handler';

export const GET = handler(securityRoutes.sessions, ({ user }) => listSessions(user));
