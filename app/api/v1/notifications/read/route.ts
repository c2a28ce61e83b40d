import { handler } from '@/lib/server/http/handler';
import { markRead } from '@/lib/server/notifications/notices';
import { notificationRoutes } from '@/lib/server/notifications/routes';

/** Mark one read (spec §7): notificationId, with category and type from the drawer. */
export const POST = handler(notificationRoutes.markRead, ({ user, body }) =>
  markRead(user.id, body),
);
