import { contactSchema } from '@/lib/schemas/auth';
import { resendActivation } from '@/lib/server/auth/registration';
import { handler } from '@/lib/server/http/handler';

export const POST = handler({ body: contactSchema }, ({ body, request, locale }) =>
  resendActivation(body, request, locale),
);
