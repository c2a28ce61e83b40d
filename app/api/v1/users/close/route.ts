import { assertFreshProof } from '@/lib/server/auth/step-up';
import { handler } from '@/lib/server/http/handler';
import { closeAccount } from '@/lib/server/protection/restriction';
import { protectionRoutes } from '@/lib/server/protection/routes';

export const POST = handler(protectionRoutes.close, async ({ user, player, body }) => {
  await assertFreshProof(user, await player(), body.password);
  return closeAccount(user.id);
});
