import { authRoutes } from '@/lib/server/auth/routes';
import { solanaSignInVerify } from '@/lib/server/auth/methods/phantom';
import { handler } from '@/lib/server/http/handler';

export const POST = handler(authRoutes.phantomVerify, ({ body, meta }) =>
  solanaSignInVerify(body, meta),
);
