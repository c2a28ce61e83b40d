import type { z } from 'zod';
import type { Rates } from '@/lib/schemas/rates';
import type {
  Deposit,
  DepositAddress,
  DepositOption,
  TestDeposit,
  TransactionsPage,
  TransactionsQuery,
  Withdrawal,
  WithdrawalOption,
  paymentAddressSchema,
  withdrawalRequestSchema,
} from '@/lib/schemas/wallet';
import type { Network } from '@/lib/schemas/networks';
import { apiRequest } from './client';

export type SavedAddress = {
  id: string;
  network: Network;
  currency: string;
  address: string;
  label: string;
  createdAt: string;
};

/** The wallet surface of the platform, as the site calls it (paths under /api/v1). */
export const walletApi = {
  rates: () => apiRequest<Rates>('/wallet/rates'),
  depositOptions: () => apiRequest<DepositOption[]>('/wallet/deposit-options'),
  depositAddress: (currency: string, network: Network, amount?: string, locale?: string) =>
    apiRequest<DepositAddress>('/wallet/deposit-address', {
      query: { currency, network, ...(amount ? { amount } : {}) },
      locale,
    }),
  deposits: () => apiRequest<Deposit[]>('/wallet/deposits'),
  testDeposit: (currency: TestDeposit['currency'], locale?: string) =>
    apiRequest<TestDeposit>('/wallet/test-deposit', {
      method: 'POST',
      body: { currency },
      locale,
    }),
  withdraw: (body: z.input<typeof withdrawalRequestSchema>, locale?: string) =>
    apiRequest<Withdrawal>('/wallet/withdrawals', { method: 'POST', body, locale }),
  withdrawalOptions: () => apiRequest<WithdrawalOption[]>('/wallet/withdrawal-options'),
  withdrawals: () => apiRequest<Withdrawal[]>('/wallet/withdrawals'),
  cancelWithdrawal: (id: string, locale?: string) =>
    apiRequest<Withdrawal>(`/wallet/withdrawals/${encodeURIComponent(id)}/cancel`, {
      method: 'POST',
      locale,
    }),
  transactions: (query: Partial<TransactionsQuery>) =>
    apiRequest<TransactionsPage>('/wallet/transactions', { query }),
  paymentAddresses: () => apiRequest<SavedAddress[]>('/wallet/payment-addresses'),
  savePaymentAddress: (body: z.input<typeof paymentAddressSchema>, locale?: string) =>
    apiRequest<SavedAddress>('/wallet/payment-addresses', { method: 'POST', body, locale }),
  deletePaymentAddress: (id: string, locale?: string) =>
    apiRequest<{ id: string; deleted: true }>(
      `/wallet/payment-addresses/${encodeURIComponent(id)}`,
      { method: 'DELETE', locale },
    ),
};
