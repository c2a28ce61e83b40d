import { queryOptions } from '@tanstack/react-query';
import type {
  ChatwootIdentity,
  PlayerSupport,
  SupportMessage,
  SupportPage,
} from '@/lib/schemas/support';
import { apiRequest } from './client';
import { playerKeys } from './queries/player';

/** Live support's data sits under the player's keys: dropped on sign-in and sign-out. */
export const supportKeys = {
  conversation: [...playerKeys.all, 'support-chat'] as const,
  unread: [...playerKeys.all, 'support-unread'] as const,
  identity: [...playerKeys.all, 'support-identity'] as const,
};

/** The player's side of live support. */
export const supportApi = {
  send: (text: string, locale?: string) =>
    apiRequest<SupportMessage>('/support/messages', { method: 'POST', body: { text }, locale }),
  /** The image itself is the body: the platform reads its type from its bytes. */
  sendImage: (file: Blob, locale?: string) =>
    apiRequest<SupportMessage>('/support/images', { method: 'POST', file, locale }),
  older: (before: number) => apiRequest<SupportPage>(`/support/messages?before=${before}`),
  read: (upTo: number) =>
    apiRequest<{ read: number }>('/support/read', { method: 'POST', body: { upTo } }),
};

export const supportConversationQuery = () =>
  queryOptions({
    queryKey: supportKeys.conversation,
    queryFn: () => apiRequest<PlayerSupport>('/support'),
  });

/** The unread badge on the live-support entries. */
export const supportUnreadQuery = () =>
  queryOptions({
    queryKey: supportKeys.unread,
    queryFn: () => apiRequest<{ unread: number }>('/support/unread'),
    staleTime: 60_000,
  });

/** The player as a signed Chatwoot contact, with memberInfo fresh enough for the agent. */
export const supportIdentityQuery = () =>
  queryOptions({
    queryKey: supportKeys.identity,
    queryFn: () => apiRequest<ChatwootIdentity>('/support/identity'),
    staleTime: 30_000,
  });
