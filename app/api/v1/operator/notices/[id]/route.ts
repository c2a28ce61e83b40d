import { handler } from '@/lib/server/http/handler';
import { withdrawNotice } from '@/lib/server/notifications/publish';
import { notificationRoutes } from '@/lib/server/notifications/routes';

export const DELETE = handler(notificationRoutes.withdraw, ({ actor, params }) =>
  withdrawNotice(actor, params.id),
);
