import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { NoticeAudience, NoticeFilter } from '@/lib/schemas/notifications';
import { notificationsApi } from '../notifications';
import { notificationKeys } from './notification-keys';

export const unreadCountQuery = () =>
  queryOptions({
    queryKey: notificationKeys.count,
    queryFn: notificationsApi.unreadCount,
    staleTime: 60_000,
  });

/** One tab of the drawer with one filter, page after page. */
export const noticesQuery = (type: NoticeAudience, filter: NoticeFilter) =>
  infiniteQueryOptions({
    queryKey: [...notificationKeys.tab(type), filter],
    queryFn: ({ pageParam }) => notificationsApi.list({ type, filter, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    retry: false,
  });
