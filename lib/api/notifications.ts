import { z } from 'zod';
import {
  noticesPageSchema,
  popupNoticeSchema,
  unreadCountSchema,
  type NoticeAudience,
  type NoticeFilter,
  type NoticesPage,
  type PopupNotice,
  type UnreadCount,
} from '@/lib/schemas/notifications';
import { apiRequest } from './client';

/**
 * Notifications (spec §7), with the player's token. Answers are checked against the schemas the
 * server answers with: what the drawer and the toasts draw is never whatever came back.
 */
export const notificationsApi = {
  list: async (query: {
    type: NoticeAudience;
    filter: NoticeFilter;
    cursor?: string;
  }): Promise<NoticesPage> =>
    noticesPageSchema.parse(await apiRequest<unknown>('/notifications', { query })),
  unreadCount: async (): Promise<UnreadCount> =>
    unreadCountSchema.parse(await apiRequest<unknown>('/notifications/unread-count')),
  popups: async (): Promise<PopupNotice[]> =>
    z.array(popupNoticeSchema).parse(await apiRequest<unknown>('/notifications/popups')),
  markRead: async (body: { notificationId: string; category: string; type: NoticeAudience }) =>
    unreadCountSchema.parse(
      await apiRequest<unknown>('/notifications/read', { method: 'POST', body }),
    ),
  markAllRead: async (type: 'private' | 'public') =>
    unreadCountSchema.parse(
      await apiRequest<unknown>('/notifications/read-all', { method: 'POST', body: { type } }),
    ),
};
