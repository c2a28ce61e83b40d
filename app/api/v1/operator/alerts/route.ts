import { handler } from '@/lib/server/http/handler';
import { openAlerts } from '@/lib/server/operator/alerts';
import { operatorRoutes } from '@/lib/server/operator/routes';

export const GET = handler(operatorRoutes.alerts, () => openAlerts());
