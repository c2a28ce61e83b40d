import { handler } from '@/lib/server/http/handler';
import { assign } from '@/lib/server/support/inbox';
import { supportRoutes } from '@/lib/server/support/routes';

export const POST = handler(supportRoutes.assign, ({ actor, params, body }) =>
  assign(actor, params.id, body.agentId),
);
