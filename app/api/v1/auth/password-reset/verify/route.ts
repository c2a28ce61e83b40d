import { passwordResetCodeSchema } from '@/lib/schemas/auth';
import { verifyResetCode } from '@/lib/server/auth/password-reset';
import { handler } from '@/lib/server/http/handler';

export const POST = handler({ body: passwordResetCodeSchema }, ({ body, request }) =>
  verifyResetCode(body, request),
);
