import { telegramSchema } from '@/lib/schemas/auth';
import { telegramSignIn } from '@/lib/server/auth/telegram';
import { handler } from '@/lib/server/http/handler';

export const POST = handler({ body: telegramSchema }, ({ body, request }) =>
  telegramSignIn(body, request),
);
