import { googleSchema } from '@/lib/schemas/auth';
import { googleSignIn } from '@/lib/server/auth/google';
import { handler } from '@/lib/server/http/handler';

export const POST = handler({ body: googleSchema }, ({ body, request }) =>
  googleSignIn(body, request),
);
