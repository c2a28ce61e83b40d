import { handler } from '@/lib/server/http/handler';
import { markAllRead } from '@/lib/server/notifications/notices';
import { notificationRoutes } from '@/lib/server/notifications/routes';

/** Mark all read (spec §7): type private (personal) or public (platform). */
export const POST = handler(notificationRoutes.markAllRead, ({ user, body }) =>
  markAllRead(user.id, body.type),
);
