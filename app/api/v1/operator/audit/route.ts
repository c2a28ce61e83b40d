import { handler } from '@/lib/server/http/handler';
import { auditLog } from '@/lib/server/operator/audit-log';
import { operatorRoutes } from '@/lib/server/operator/routes';

export const GET = handler(operatorRoutes.audit, ({ query }) => auditLog(query));
