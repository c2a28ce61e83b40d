import { queryOptions } from '@tanstack/react-query';
import type { Crypto, Language } from '@/lib/schemas/config';
import { apiRequest } from '../client';

export const configKeys = {
  languages: ['config', 'languages'] as const,
};

/** Languages config (spec §7): prefetched on the server, read by the language picker. */
export const languagesQuery = () =>
  queryOptions({
    queryKey: configKeys.languages,
    queryFn: ({ signal }) =>
      apiRequest<Language[]>('/config/languages', { signal, revalidate: 60 }),
    staleTime: 10 * 60 * 1000,
  });

/** Cryptos list (spec §7): the footer's count and logo strip, read on the server. */
export const fetchCryptos = () =>
  apiRequest<{ cryptos: Crypto[] }>('/config/cryptos', { revalidate: 300 }).then((d) => d.cryptos);
