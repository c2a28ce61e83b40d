import { handler } from '@/lib/server/http/handler';
import { reviewCase } from '@/lib/server/kyc/review';
import { kycRoutes } from '@/lib/server/kyc/routes';

export const GET = handler(kycRoutes.reviewCase, ({ actor, params }) =>
  reviewCase(actor, params.userId),
);
