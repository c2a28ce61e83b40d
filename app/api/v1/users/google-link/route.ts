import { googleLink } from '@/lib/server/auth/methods/google';
import { authRoutes } from '@/lib/server/auth/routes';
import { handler } from '@/lib/server/http/handler';

/** Connects a Google account to the signed-in player, so it can sign in with Google from then on. */
export const POST = handler(authRoutes.googleLink, ({ user, body }) => googleLink(user, body));
