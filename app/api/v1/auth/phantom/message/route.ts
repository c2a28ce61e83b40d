import { authRoutes } from '@/lib/server/auth/routes';
import { solanaSignInMessage } from '@/lib/server/auth/methods/phantom';
import { handler } from '@/lib/server/http/handler';

export const POST = handler(authRoutes.phantomMessage, ({ body }) => solanaSignInMessage(body));
