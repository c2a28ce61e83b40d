import { changePassword } from '@/lib/server/auth/account-security';
import { securityRoutes } from '@/lib/server/auth/security-routes';
import { handler } from '@/lib/server/http/handler';

export const POST = handler(securityRoutes.changePassword, async ({ user, player, body }) =>
  changePassword(user, await player(), body),
);
