import { contactSchema } from '@/lib/schemas/auth';
import { sendResetCode } from '@/lib/server/auth/password-reset';
import { handler } from '@/lib/server/http/handler';

export const POST = handler({ body: contactSchema }, ({ body, request, locale }) =>
  sendResetCode(body, request, locale),
);
