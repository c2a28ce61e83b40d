import { handler } from '@/lib/server/http/handler';
import { reviewQueue } from '@/lib/server/kyc/review';
import { kycRoutes } from '@/lib/server/kyc/routes';

export const GET = handler(kycRoutes.queue, ({ query }) => reviewQueue(query));
