import { sendResetCode } from '@/lib/server/auth/password-reset';
import { authRoutes } from '@/lib/server/auth/routes';
import { handler } from '@/lib/server/http/handler';

export const POST = handler(authRoutes.resetSend, ({ body, meta }) => sendResetCode(body, meta));
