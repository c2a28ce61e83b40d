import { handler } from '@/lib/server/http/handler';
import { adjustBalance } from '@/lib/server/operator/adjustments';
import { operatorRoutes } from '@/lib/server/operator/routes';

export const POST = handler(operatorRoutes.adjustBalance, ({ actor, body }) =>
  adjustBalance(actor, body),
);
