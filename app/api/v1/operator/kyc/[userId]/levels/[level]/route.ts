import { handler } from '@/lib/server/http/handler';
import { reviewLevel } from '@/lib/server/kyc/review';
import { kycRoutes } from '@/lib/server/kyc/routes';

export const POST = handler(kycRoutes.review, ({ actor, params, body }) =>
  reviewLevel(actor, params.userId, params.level, body),
);
