'use client';

import { useQuery } from '@tanstack/react-query';
import { languagesQuery } from '@/lib/api/queries/config';

/** The Languages config call, prefetched by the layout so the picker has it on first paint. */
export function useLanguages() {
  return useQuery(languagesQuery());
}
