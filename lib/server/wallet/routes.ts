import 'server-only';
import { z } from 'zod';
import { walletBalanceSchema } from '@/lib/schemas/player';
import { route } from '@/lib/server/http/route';

export const walletRoutes = {
  balances: route({
    method: 'get',
    path: '/wallet/balances',
    operationId: 'walletBalances',
    summary: 'Wallet user balances: every enabled currency, zero where the player holds none',
    tags: ['wallet'],
    auth: 'required',
    response: z.array(walletBalanceSchema),
  }),
};
