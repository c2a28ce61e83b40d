import { handler } from '@/lib/server/http/handler';
import { closeFlag } from '@/lib/server/risk/flags';
import { riskRoutes } from '@/lib/server/risk/routes';

export const POST = handler(riskRoutes.closeFlag, ({ actor, params, body }) =>
  closeFlag(actor, params.id, body.note),
);
