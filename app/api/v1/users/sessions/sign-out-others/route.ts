import { signOutOtherSessions } from '@/lib/server/auth/account-security';
import { securityRoutes } from '@/lib/server/auth/security-routes';
import { handler } from '@/lib/server/http/handler';

export const POST = handler(securityRoutes.signOutOthers, ({ user }) => signOutOtherSessions(user));
