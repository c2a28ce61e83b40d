import { handler } from '@/lib/server/http/handler';
import { verificationOf } from '@/lib/server/kyc/levels';
import { kycRoutes } from '@/lib/server/kyc/routes';
import { submitDetails } from '@/lib/server/kyc/verification';

export const PUT = handler(kycRoutes.details, async ({ user, body }) => {
  await submitDetails(user.id, body);
  return verificationOf(user.id);
});
