import { coinbaseAuthorizeUrl } from '@/lib/server/auth/coinbase';
import { handler } from '@/lib/server/http/handler';

/** Coinbase sign-in URL (spec §7): data is the address to send the browser to. */
export const GET = handler({}, () => coinbaseAuthorizeUrl());
