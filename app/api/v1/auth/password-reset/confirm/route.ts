import { passwordResetConfirmSchema } from '@/lib/schemas/auth';
import { confirmReset } from '@/lib/server/auth/password-reset';
import { handler } from '@/lib/server/http/handler';

export const POST = handler({ body: passwordResetConfirmSchema }, ({ body, request }) =>
  confirmReset(body, request),
);
