import { authRoutes } from '@/lib/server/auth/routes';
import { enableTwoFactor } from '@/lib/server/auth/two-factor';
import { handler } from '@/lib/server/http/handler';

export const POST = handler(authRoutes.twoFactorEnable, async ({ user, player, body }) =>
  enableTwoFactor({ user, player: await player(), password: body.password }, body.code),
);
