import { coinbaseValidateSchema } from '@/lib/schemas/auth';
import { coinbaseValidate } from '@/lib/server/auth/coinbase';
import { handler } from '@/lib/server/http/handler';

export const POST = handler({ body: coinbaseValidateSchema }, ({ body, request }) =>
  coinbaseValidate(body, request),
);
