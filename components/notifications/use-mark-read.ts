'use client';

import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { notificationsApi } from '@/lib/api/notifications';
import { notificationKeys } from '@/lib/api/queries/notification-keys';
import type {
  DrawerNotice,
  NoticeAudience,
  NoticesPage,
  UnreadCount,
} from '@/lib/schemas/notifications';

const countKey = (type: NoticeAudience) =>
  type === 'platform' ? 'platformCount' : 'personalCount';

/**
 * Marking read changes the cache at once (spec: the count drops, never below 0, and the item is no
 * longer new), then the server's counts replace the guess; a failure puts the truth back.
 */
export function useMarkRead() {
  const queryClient = useQueryClient();

  const setItems = (type: NoticeAudience, read: (n: DrawerNotice) => boolean) =>
    queryClient.setQueriesData<InfiniteData<NoticesPage>>(
      { queryKey: notificationKeys.tab(type) },
      (data) =>
        data && {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((n) => (read(n) ? { ...n, isNew: false } : n)),
          })),
        },
    );
  const setCount = (type: NoticeAudience, next: (count: number) => number) =>
    queryClient.setQueryData<UnreadCount>(
      notificationKeys.count,
      (counts) =>
        counts && { ...counts, [countKey(type)]: Math.max(0, next(counts[countKey(type)])) },
    );
  const settle = async (counts: Promise<UnreadCount>) => {
    try {
      queryClient.setQueryData(notificationKeys.count, await counts);
    } catch (error) {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      throw error;
    }
  };

  return {
    markOne: async (type: NoticeAudience, notice: DrawerNotice) => {
      setItems(type, (n) => n._id === notice._id);
      setCount(type, (c) => c - 1);
      await settle(
        notificationsApi.markRead({ notificationId: notice._id, category: notice.category, type }),
      );
    },
    markAll: async (type: NoticeAudience) => {
      setItems(type, () => true);
      setCount(type, () => 0);
      await settle(notificationsApi.markAllRead(type === 'personal' ? 'private' : 'public'));
      // The "unread" and "read" filters now hold other items.
      void queryClient.invalidateQueries({ queryKey: notificationKeys.tab(type) });
    },
  };
}
