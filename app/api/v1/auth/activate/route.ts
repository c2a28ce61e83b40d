import { activationSchema } from '@/lib/schemas/auth';
import { activate } from '@/lib/server/auth/registration';
import { handler } from '@/lib/server/http/handler';

export const POST = handler({ body: activationSchema }, ({ body, request }) =>
  activate(body, request),
);
