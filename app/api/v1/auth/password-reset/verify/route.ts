import { verifyResetCode } from '@/lib/server/auth/password-reset';
import { authRoutes } from '@/lib/server/auth/routes';
import { handler } from '@/lib/server/http/handler';

export const POST = handler(authRoutes.resetVerify, ({ body, meta }) =>
  verifyResetCode(body, meta),
);
