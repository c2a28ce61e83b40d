import { register } from '@/lib/server/auth/registration';
import { authRoutes } from '@/lib/server/auth/routes';
import { handler } from '@/lib/server/http/handler';

export const POST = handler(authRoutes.register, ({ body, meta }) => register(body, meta));
