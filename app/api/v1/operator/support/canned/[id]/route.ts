import { handler } from '@/lib/server/http/handler';
import { removeCannedReply } from '@/lib/server/support/inbox';
import { supportRoutes } from '@/lib/server/support/routes';

export const DELETE = handler(supportRoutes.removeCanned, ({ actor, params }) =>
  removeCannedReply(actor, params.id),
);
