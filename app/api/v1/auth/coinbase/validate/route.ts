import { coinbaseCookies, coinbaseValidate } from '@/lib/server/auth/methods/coinbase';
import { authRoutes } from '@/lib/server/auth/routes';
import { handler } from '@/lib/server/http/handler';

export const POST = handler(authRoutes.coinbaseValidate, ({ body, meta, request }) =>
  coinbaseValidate(body, meta, coinbaseCookies(request)),
);
