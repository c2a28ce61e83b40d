import { confirmReset } from '@/lib/server/auth/password-reset';
import { authRoutes } from '@/lib/server/auth/routes';
import { handler } from '@/lib/server/http/handler';

export const POST = handler(authRoutes.resetConfirm, ({ body, meta }) => confirmReset(body, meta));
