import { handler } from '@/lib/server/http/handler';
import { kycRoutes } from '@/lib/server/kyc/routes';
import { uploadDocument } from '@/lib/server/kyc/verification';

export const POST = handler(kycRoutes.upload, ({ user, query, request }) =>
  uploadDocument(user.id, query.kind, request),
);
