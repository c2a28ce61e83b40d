import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { AccountSession, ChangePasswordInput, SignInHistory } from '@/lib/schemas/security';
import { apiRequest } from './client';
import { playerKeys } from './queries/player';

/** The security page's data, under the player's keys (dropped on sign-in and sign-out). */
export const securityKeys = {
  sessions: [...playerKeys.all, 'sessions'] as const,
  history: [...playerKeys.all, 'sign-ins'] as const,
};

export const sessionsQuery = () =>
  queryOptions({
    queryKey: securityKeys.sessions,
    queryFn: ({ signal }) => apiRequest<AccountSession[]>('/users/sessions', { signal }),
  });

export const signInHistoryQuery = () =>
  infiniteQueryOptions({
    queryKey: securityKeys.history,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<SignInHistory>('/users/sign-ins', {
        query: pageParam ? { cursor: pageParam } : {},
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (last: SignInHistory) => last.nextCursor ?? undefined,
  });

export const securityApi = {
  signOutSession: (id: string) =>
    apiRequest<{ signedOut: true }>(`/users/sessions/${id}`, { method: 'DELETE' }),
  signOutOthers: () =>
    apiRequest<{ signedOut: number }>('/users/sessions/sign-out-others', { method: 'POST' }),
  changePassword: (body: ChangePasswordInput, locale?: string) =>
    apiRequest<{ changed: true; signedOut: number }>('/users/password', {
      method: 'POST',
      body,
      locale,
    }),
};
