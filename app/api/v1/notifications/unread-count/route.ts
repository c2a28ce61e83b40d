import { handler } from '@/lib/server/http/handler';
import { unreadCount } from '@/lib/server/notifications/notices';
import { notificationRoutes } from '@/lib/server/notifications/routes';

/** unreadCount (spec §7): personalCount and platformCount. */
export const GET = handler(notificationRoutes.unreadCount, ({ user }) => unreadCount(user.id));
