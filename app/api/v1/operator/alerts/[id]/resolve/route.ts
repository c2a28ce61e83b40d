import { handler } from '@/lib/server/http/handler';
import { resolveAlertById } from '@/lib/server/operator/alerts';
import { operatorRoutes } from '@/lib/server/operator/routes';

export const POST = handler(operatorRoutes.resolveAlert, ({ actor, params, body }) =>
  resolveAlertById(actor, params.id, body.reason),
);
