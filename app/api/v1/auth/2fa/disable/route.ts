import { twoFactorConfirmSchema } from '@/lib/schemas/auth';
import { disableTwoFactor } from '@/lib/server/auth/two-factor';
import { handler } from '@/lib/server/http/handler';
import { playerOf } from '@/lib/server/players/account';

export const POST = handler(
  { auth: 'required', body: twoFactorConfirmSchema },
  async ({ user, body }) =>
    disableTwoFactor({ user, player: await playerOf(user), password: body.password }, body.code),
);
