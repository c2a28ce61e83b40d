import { handler } from '@/lib/server/http/handler';
import { listNotices } from '@/lib/server/notifications/notices';
import { notificationRoutes } from '@/lib/server/notifications/routes';

/** Notifications (spec §7): one tab of the drawer. */
export const GET = handler(notificationRoutes.list, ({ user, query }) =>
  listNotices(user.id, query),
);
