import { handler } from '@/lib/server/http/handler';
import { staffRead } from '@/lib/server/support/inbox';
import { supportRoutes } from '@/lib/server/support/routes';

export const POST = handler(supportRoutes.staffRead, ({ params, body }) =>
  staffRead(params.id, body.upTo),
);
