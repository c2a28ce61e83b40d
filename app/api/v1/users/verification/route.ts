import { handler } from '@/lib/server/http/handler';
import { verificationOf } from '@/lib/server/kyc/levels';
import { kycRoutes } from '@/lib/server/kyc/routes';

export const GET = handler(kycRoutes.verification, ({ user }) => verificationOf(user.id));
