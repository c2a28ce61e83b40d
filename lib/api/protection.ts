import { queryOptions } from '@tanstack/react-query';
import type {
  PlaySession,
  Protection,
  Restriction,
  SetLimitBody,
  StartBreakBody,
} from '@/lib/schemas/protection';
import { apiDownload, apiRequest } from './client';
import { playerKeys } from './queries/player';

/** Player protection's data, under the player's keys (dropped on sign-in and sign-out). */
export const protectionKeys = {
  protection: [...playerKeys.all, 'protection'] as const,
  session: [...playerKeys.all, 'play-session'] as const,
};

export const protectionQuery = () =>
  queryOptions({
    queryKey: protectionKeys.protection,
    queryFn: ({ signal }) => apiRequest<Protection>('/users/protection', { signal }),
  });

/** The reality check's figures, read fresh each time the check appears. */
export const playSessionQuery = () =>
  queryOptions({
    queryKey: protectionKeys.session,
    queryFn: ({ signal }) => apiRequest<PlaySession>('/users/protection/session', { signal }),
    staleTime: 0,
  });

export const protectionApi = {
  setLimit: (body: SetLimitBody, locale?: string) =>
    apiRequest<Protection>('/users/protection/limits', { method: 'PUT', body, locale }),
  setRealityCheck: (minutes: number | null, locale?: string) =>
    apiRequest<Protection>('/users/protection/reality-check', {
      method: 'PUT',
      body: { minutes },
      locale,
    }),
  startBreak: (body: StartBreakBody, locale?: string) =>
    apiRequest<Restriction>('/users/protection/break', { method: 'POST', body, locale }),
  close: (password: string | undefined, locale?: string) =>
    apiRequest<Restriction>('/users/close', {
      method: 'POST',
      body: { confirm: true, ...(password ? { password } : {}) },
      locale,
    }),
  /** Everything kept about the player, as the JSON file the platform names. */
  exportData: (locale?: string) => apiDownload('/users/export', { locale }),
};
