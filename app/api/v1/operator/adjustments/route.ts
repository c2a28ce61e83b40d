import { handler } from '@/lib/server/http/handler';
import { requestAdjustment } from '@/lib/server/operator/approvals';
import { operatorRoutes } from '@/lib/server/operator/routes';

export const POST = handler(operatorRoutes.adjustBalance, ({ actor, body }) =>
  requestAdjustment(actor, body),
);
