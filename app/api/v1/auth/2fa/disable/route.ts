import { authRoutes } from '@/lib/server/auth/routes';
import { disableTwoFactor } from '@/lib/server/auth/two-factor';
import { handler } from '@/lib/server/http/handler';

export const POST = handler(authRoutes.twoFactorDisable, async ({ user, player, body }) =>
  disableTwoFactor({ user, player: await player(), password: body.password }, body.code),
);
