import { handler } from '@/lib/server/http/handler';
import { setCap } from '@/lib/server/kyc/review';
import { kycRoutes } from '@/lib/server/kyc/routes';

export const PUT = handler(kycRoutes.caps, ({ actor, body }) => setCap(actor, body));
