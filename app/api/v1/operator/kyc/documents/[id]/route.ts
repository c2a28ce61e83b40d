import { handler } from '@/lib/server/http/handler';
import { kycRoutes } from '@/lib/server/kyc/routes';
import { documentResponse } from '@/lib/server/kyc/verification';

export const GET = handler(kycRoutes.staffDocument, ({ params, actor }) =>
  documentResponse(params.id, null, actor),
);
