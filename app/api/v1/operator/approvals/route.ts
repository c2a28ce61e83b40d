import { handler } from '@/lib/server/http/handler';
import { listApprovals } from '@/lib/server/operator/approvals';
import { riskRoutes } from '@/lib/server/risk/routes';

export const GET = handler(riskRoutes.approvals, ({ query }) => listApprovals(query));
