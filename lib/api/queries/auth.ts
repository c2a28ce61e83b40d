import { queryOptions } from '@tanstack/react-query';
import { authApi } from '../auth';

/** What this platform can verify (sign-in methods, WalletConnect's relay): the same for everyone. */
export const authProvidersQuery = () =>
  queryOptions({
    queryKey: ['auth', 'providers'],
    queryFn: authApi.providers,
    staleTime: 300_000,
  });
