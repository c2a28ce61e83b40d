import { handler } from '@/lib/server/http/handler';
import { approve } from '@/lib/server/operator/approvals';
import { riskRoutes } from '@/lib/server/risk/routes';

export const POST = handler(riskRoutes.approve, ({ actor, params, body }) =>
  approve(actor, params.id, body.note),
);
