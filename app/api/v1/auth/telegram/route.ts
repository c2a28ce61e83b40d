import { authRoutes } from '@/lib/server/auth/routes';
import { telegramSignIn } from '@/lib/server/auth/methods/telegram';
import { handler } from '@/lib/server/http/handler';

export const POST = handler(authRoutes.telegram, ({ body, meta }) => telegramSignIn(body, meta));
