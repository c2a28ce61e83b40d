import { handler } from '@/lib/server/http/handler';
import { operatorNotices } from '@/lib/server/notifications/operator-notices';
import { publishNotice } from '@/lib/server/notifications/publish';
import { notificationRoutes } from '@/lib/server/notifications/routes';

export const POST = handler(notificationRoutes.publish, ({ actor, body }) =>
  publishNotice(actor, body),
);

export const GET = handler(notificationRoutes.operatorList, ({ query }) => operatorNotices(query));
