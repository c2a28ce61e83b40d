import { handler } from '@/lib/server/http/handler';
import { inbox } from '@/lib/server/support/inbox';
import { supportRoutes } from '@/lib/server/support/routes';

export const GET = handler(supportRoutes.inbox, ({ query }) => inbox(query));
