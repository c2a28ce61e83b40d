import { queryOptions } from '@tanstack/react-query';
import type { Language } from '@/lib/schemas/config';
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
