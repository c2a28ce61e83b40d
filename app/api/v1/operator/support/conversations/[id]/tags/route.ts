import { handler } from '@/lib/server/http/handler';
import { setTags } from '@/lib/server/support/inbox';
import { supportRoutes } from '@/lib/server/support/routes';

export const PUT = handler(supportRoutes.tags, ({ actor, params, body }) =>
  setTags(actor, params.id, body.tags),
);
