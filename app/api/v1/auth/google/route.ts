import { googleSignIn } from '@/lib/server/auth/methods/google';
import { authRoutes } from '@/lib/server/auth/routes';
import { handler } from '@/lib/server/http/handler';

export const POST = handler(authRoutes.google, ({ body, meta }) => googleSignIn(body, meta));
