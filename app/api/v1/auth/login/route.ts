import { authRoutes } from '@/lib/server/auth/routes';
import { signInWithPassword } from '@/lib/server/auth/sign-in';
import { handler } from '@/lib/server/http/handler';

export const POST = handler(authRoutes.signIn, ({ body, meta }) => signInWithPassword(body, meta));
