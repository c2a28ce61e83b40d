import 'server-only';
import { z } from 'zod';
import { walletBalanceSchema } from '@/lib/schemas/player';
import { ratesSchema } from '@/lib/schemas/rates';
import {
  depositAddressQuerySchema,
  depositAddressSchema,
  depositOptionSchema,
  depositSchema,
  paymentAddressIdSchema,
  paymentAddressSchema,
  savedPaymentAddressSchema,
  testDepositRequestSchema,
  testDepositSchema,
  transactionsPageSchema,
  transactionsQuerySchema,
  withdrawalIdSchema,
  withdrawalOptionSchema,
  withdrawalRequestSchema,
  withdrawalSchema,
} from '@/lib/schemas/wallet';
import { gameRecordPageSchema, gameRecordQuerySchema } from '@/lib/schemas/originals';
import { route } from '@/lib/server/http/route';

export const walletRoutes = {
  balances: route({
    method: 'get',
    path: '/wallet/balances',
    operationId: 'walletBalances',
    summary: 'Wallet user balances: every enabled currency, zero where the player holds none',
    tags: ['wallet'],
    auth: 'required',
    restricted: 'allow',
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
    restricted: 'allow',
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
  paymentAddresses: route({
    method: 'get',
    path: '/wallet/payment-addresses',
    operationId: 'listPaymentAddresses',
    summary: "The player's card book: saved withdrawal addresses per network",
    tags: ['wallet'],
    auth: 'required',
    restricted: 'allow',
    response: z.array(savedPaymentAddressSchema),
  }),
  savePaymentAddress: route({
    method: 'post',
    path: '/wallet/payment-addresses',
    operationId: 'savePaymentAddress',
    summary:
      "Saves a withdrawal address: checked against its network's rule (EVM checksum, base58check, bech32/bech32m); at most 50 per player",
    tags: ['wallet'],
    auth: 'required',
    restricted: 'allow',
    body: paymentAddressSchema,
    response: savedPaymentAddressSchema,
  }),
  deletePaymentAddress: route({
    method: 'delete',
    path: '/wallet/payment-addresses/{id}',
    operationId: 'deletePaymentAddress',
    summary: 'Deletes one of the player’s saved addresses',
    tags: ['wallet'],
    auth: 'required',
    restricted: 'allow',
    params: paymentAddressIdSchema,
    response: z.object({ id: z.uuid(), deleted: z.literal(true) }),
  }),
  withdraw: route({
    method: 'post',
    path: '/wallet/withdrawals',
    operationId: 'withdraw',
    summary:
      "Withdraw: address checked against its network's rule, minimum per currency, fee on top, 2FA code when on; amount and fee held until an operator approves or rejects; idempotent by key",
    tags: ['wallet'],
    auth: 'required',
    restricted: 'allow',
    body: withdrawalRequestSchema,
    response: withdrawalSchema,
  }),
  withdrawals: route({
    method: 'get',
    path: '/wallet/withdrawals',
    operationId: 'listWithdrawals',
    summary: "The player's withdrawals, newest first (the last 100)",
    tags: ['wallet'],
    auth: 'required',
    restricted: 'allow',
    response: z.array(withdrawalSchema),
  }),
  cancelWithdrawal: route({
    method: 'post',
    path: '/wallet/withdrawals/{id}/cancel',
    operationId: 'cancelWithdrawal',
    summary: 'Cancels a pending withdrawal of the player; the hold comes back once',
    tags: ['wallet'],
    auth: 'required',
    restricted: 'allow',
    params: withdrawalIdSchema,
    response: withdrawalSchema,
  }),
  depositOptions: route({
    method: 'get',
    path: '/wallet/deposit-options',
    operationId: 'depositOptions',
    summary:
      'Where deposits are taken now: each currency on each watched network, its minimum and the confirmations that credit it',
    tags: ['wallet'],
    response: z.array(depositOptionSchema),
  }),
  depositAddress: route({
    method: 'get',
    path: '/wallet/deposit-address',
    operationId: 'depositAddress',
    summary:
      "The player's deposit address for a currency on a network (made on first ask from the operator's extended public key); 503 where the network takes no deposits",
    tags: ['wallet'],
    auth: 'required',
    query: depositAddressQuerySchema,
    response: depositAddressSchema,
  }),
  testDeposit: route({
    method: 'post',
    path: '/wallet/test-deposit',
    operationId: 'sendTestDeposit',
    summary:
      "The local demo only (npm start with no real chain): sends the player a test deposit of ETH, USDT or USDC from the demo chain's funder to their deposit address, credited like any deposit once confirmed; 404 elsewhere and to callers on another machine",
    tags: ['wallet'],
    // Checked in the handler, after the machine: elsewhere the route does not exist at all.
    auth: 'optional',
    body: testDepositRequestSchema,
    response: testDepositSchema,
  }),
  deposits: route({
    method: 'get',
    path: '/wallet/deposits',
    operationId: 'listDeposits',
    summary:
      "The player's deposits seen on chain, newest first (the last 100): pending with their confirmations, then credited",
    tags: ['wallet'],
    auth: 'required',
    restricted: 'allow',
    response: z.array(depositSchema),
  }),
  withdrawalOptions: route({
    method: 'get',
    path: '/wallet/withdrawal-options',
    operationId: 'withdrawalOptions',
    summary:
      'Where withdrawals go: each currency on each network, with its minimum and the network fee held on top',
    tags: ['wallet'],
    response: z.array(withdrawalOptionSchema),
  }),
  custodianWebhook: route({
    method: 'post',
    path: '/wallet/webhooks/{provider}',
    operationId: 'custodianWebhook',
    summary:
      "A custodian's payment callback (NOWPayments IPN): signature checked (401 otherwise), the payment re-read from the provider, credited once per payment on its final status for what actually arrived",
    tags: ['wallet'],
    params: z.object({ provider: z.enum(['nowpayments']) }),
    body: z.looseObject({}).meta({ id: 'CustodianWebhook' }),
    response: z.object({ received: z.literal(true), credited: z.boolean() }),
  }),
  gameRecord: route({
    method: 'get',
    path: '/wallet/game-record',
    operationId: 'gameRecord',
    summary:
      "The player's rounds in every product, newest first: filter by product, game and currency; cursor pages of up to 100",
    tags: ['wallet'],
    auth: 'required',
    restricted: 'allow',
    query: gameRecordQuerySchema,
    response: gameRecordPageSchema,
  }),
};
