import { handler } from '@/lib/server/http/handler';
import { publishNotice } from '@/lib/server/notifications/publish';
import { notificationRoutes } from '@/lib/server/notifications/routes';

export const POST = handler(notificationRoutes.publish, ({ actor, body }) =>
  publishNotice(actor, body),
);
