import { handler } from '@/lib/server/http/handler';
import { popupNotices } from '@/lib/server/notifications/notices';
import { notificationRoutes } from '@/lib/server/notifications/routes';

/** Header notifications (spec: POPUPNOTIFICATION items). */
export const GET = handler(notificationRoutes.popups, ({ user }) => popupNotices(user.id));
