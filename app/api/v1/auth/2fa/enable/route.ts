import { twoFactorConfirmSchema } from '@/lib/schemas/auth';
import { enableTwoFactor } from '@/lib/server/auth/two-factor';
import { handler } from '@/lib/server/http/handler';
import { playerOf } from '@/lib/server/players/account';

export const POST = handler(
  { auth: 'required', body: twoFactorConfirmSchema },
  async ({ user, body }) =>
    enableTwoFactor({ user, player: await playerOf(user), password: body.password }, body.code),
);
