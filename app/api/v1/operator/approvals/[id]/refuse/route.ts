import { handler } from '@/lib/server/http/handler';
import { refuse } from '@/lib/server/operator/approvals';
import { riskRoutes } from '@/lib/server/risk/routes';

export const POST = handler(riskRoutes.refuse, ({ actor, params, body }) =>
  refuse(actor, params.id, body.note),
);
