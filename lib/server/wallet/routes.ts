import 'server-only';
import { z } from 'zod';
import { walletBalanceSchema } from '@/lib/schemas/player';
import { ratesSchema } from '@/lib/schemas/rates';
import { transactionsPageSchema, transactionsQuerySchema } from '@/lib/schemas/wallet';
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
  transactions: route({
    method: 'get',
    path: '/wallet/transactions',
    operationId: 'walletTransactions',
    summary:
      "The player's transactions, newest first: filter by type, currency and dates; cursor pages of up to 100",
    tags: ['wallet'],
    auth: 'required',
    query: transactionsQuerySchema,
    response: transactionsPageSchema,
  }),
  rates: route({
    method: 'get',
    path: '/wallet/rates',
    operationId: 'walletRates',
    summary:
      'Rates for the fiat view: each crypto in USD, EUR, GBP, BRL, JPY and TRY; live from the price source (cached a minute) or indicative',
    tags: ['wallet'],
    response: ratesSchema,
  }),
};
