import { queryOptions } from '@tanstack/react-query';
import type { Network } from '@/lib/schemas/networks';
import type { TransactionsQuery } from '@/lib/schemas/wallet';
import { walletApi } from '../wallet';
import { playerKeys } from './player';

/** The player's wallet lives under ['player', …], so sign-in and sign-out drop it with the rest. */
export const walletKeys = {
  deposits: [...playerKeys.all, 'deposits'] as const,
  withdrawals: [...playerKeys.all, 'withdrawals'] as const,
  transactions: [...playerKeys.all, 'transactions'] as const,
  paymentAddresses: [...playerKeys.all, 'payment-addresses'] as const,
};

/** Public: where deposits are taken, and the rates of the fiat view (a minute old at most). */
export const depositOptionsQuery = () =>
  queryOptions({
    queryKey: ['wallet', 'deposit-options'],
    queryFn: walletApi.depositOptions,
    staleTime: 60_000,
  });

export const withdrawalOptionsQuery = () =>
  queryOptions({
    queryKey: ['wallet', 'withdrawal-options'],
    queryFn: walletApi.withdrawalOptions,
    staleTime: 300_000,
  });

export const ratesQuery = () =>
  queryOptions({ queryKey: ['wallet', 'rates'], queryFn: walletApi.rates, staleTime: 60_000 });

export const depositAddressQuery = (currency: string, network: Network) =>
  queryOptions({
    queryKey: [...playerKeys.all, 'deposit-address', currency, network],
    queryFn: () => walletApi.depositAddress(currency, network),
    staleTime: Infinity,
    retry: false,
  });

export const depositsQuery = () =>
  queryOptions({ queryKey: walletKeys.deposits, queryFn: walletApi.deposits });

export const withdrawalsQuery = () =>
  queryOptions({ queryKey: walletKeys.withdrawals, queryFn: walletApi.withdrawals });

export const paymentAddressesQuery = () =>
  queryOptions({ queryKey: walletKeys.paymentAddresses, queryFn: walletApi.paymentAddresses });

export const transactionsQuery = (query: Partial<TransactionsQuery>) =>
  queryOptions({
    queryKey: [...walletKeys.transactions, query],
    queryFn: () => walletApi.transactions(query),
  });
