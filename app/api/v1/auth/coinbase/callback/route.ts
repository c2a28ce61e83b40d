import { coinbaseCallback, coinbaseCookies } from '@/lib/server/auth/methods/coinbase';
import { authRoutes } from '@/lib/server/auth/routes';
import { handler } from '@/lib/server/http/handler';

export const GET = handler(authRoutes.coinbaseCallback, ({ query, request }) =>
  coinbaseCallback(query, coinbaseCookies(request)),
);
