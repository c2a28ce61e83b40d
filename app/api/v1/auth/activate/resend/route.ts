import { resendActivation } from '@/lib/server/auth/registration';
import { authRoutes } from '@/lib/server/auth/routes';
import { handler } from '@/lib/server/http/handler';

export const POST = handler(authRoutes.resendActivation, ({ body, meta }) =>
  resendActivation(body, meta),
);
