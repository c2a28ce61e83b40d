import { authRoutes } from '@/lib/server/auth/routes';
import { beginTwoFactor } from '@/lib/server/auth/two-factor';
import { handler } from '@/lib/server/http/handler';

export const POST = handler(authRoutes.twoFactorSetup, async ({ user, player, body }) =>
  beginTwoFactor({ user, player: await player(), password: body.password }),
);
