import { signInSchema } from '@/lib/schemas/auth';
import { signInWithPassword } from '@/lib/server/auth/sign-in';
import { handler } from '@/lib/server/http/handler';

export const POST = handler({ body: signInSchema }, ({ body, request }) =>
  signInWithPassword(body, request),
);
