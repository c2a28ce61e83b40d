import { googleLinkSchema } from '@/lib/schemas/auth';
import { googleLink } from '@/lib/server/auth/google';
import { handler } from '@/lib/server/http/handler';

/** Connects a Google account to the signed-in player, so it can sign in with Google from then on. */
export const POST = handler({ auth: 'required', body: googleLinkSchema }, ({ user, body }) =>
  googleLink(user, body),
);
