import { handler } from '@/lib/server/http/handler';
import { staffConversation } from '@/lib/server/support/inbox';
import { supportRoutes } from '@/lib/server/support/routes';

export const GET = handler(supportRoutes.staffConversation, ({ params, query }) =>
  staffConversation(params.id, query.before),
);
