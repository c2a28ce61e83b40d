import { signUpSchema } from '@/lib/schemas/auth';
import { register } from '@/lib/server/auth/registration';
import { handler } from '@/lib/server/http/handler';

export const POST = handler({ body: signUpSchema }, ({ body, request }) => register(body, request));
