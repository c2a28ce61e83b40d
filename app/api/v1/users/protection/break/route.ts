import { handler } from '@/lib/server/http/handler';
import { startBreak } from '@/lib/server/protection/restriction';
import { protectionRoutes } from '@/lib/server/protection/routes';

export const POST = handler(protectionRoutes.startBreak, ({ user, body }) =>
  startBreak(user.id, body),
);
