import { twoFactorProofSchema } from '@/lib/schemas/auth';
import { beginTwoFactor } from '@/lib/server/auth/two-factor';
import { handler } from '@/lib/server/http/handler';
import { playerOf } from '@/lib/server/players/account';

/** A new authenticator secret and its QR code; 2FA turns on only once a code confirms it. */
export const POST = handler(
  { auth: 'required', body: twoFactorProofSchema },
  async ({ user, body }) =>
    beginTwoFactor({ user, player: await playerOf(user), password: body.password }),
);
