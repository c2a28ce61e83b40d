import { handler } from '@/lib/server/http/handler';
import { setLimit } from '@/lib/server/protection/limits';
import { protectionRoutes } from '@/lib/server/protection/routes';
import { protectionOf } from '@/lib/server/protection/service';

export const PUT = handler(protectionRoutes.setLimit, async ({ user, player, body }) => {
  await setLimit(user.id, body);
  return protectionOf(user, await player());
});
