import { coinbaseAuthorizeUrl } from '@/lib/server/auth/methods/coinbase';
import { authRoutes } from '@/lib/server/auth/routes';
import { handler } from '@/lib/server/http/handler';

/** Coinbase sign-in URL (spec §7): data is the address to send the browser to. */
export const GET = handler(authRoutes.coinbaseUrl, () => coinbaseAuthorizeUrl());
