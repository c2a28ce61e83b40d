import { handler } from '@/lib/server/http/handler';
import { protectionRoutes } from '@/lib/server/protection/routes';
import { protectionOf, setRealityCheck } from '@/lib/server/protection/service';

export const PUT = handler(protectionRoutes.realityCheck, async ({ user, player, body }) => {
  await setRealityCheck(user.id, body.minutes);
  return protectionOf(user, await player());
});
