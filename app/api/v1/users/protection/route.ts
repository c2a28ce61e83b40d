import { handler } from '@/lib/server/http/handler';
import { protectionRoutes } from '@/lib/server/protection/routes';
import { protectionOf } from '@/lib/server/protection/service';

export const GET = handler(protectionRoutes.protection, async ({ user, player }) =>
  protectionOf(user, await player()),
);
