import { handler } from '@/lib/server/http/handler';
import { operatorRoutes } from '@/lib/server/operator/routes';
import { withdrawalsQueue } from '@/lib/server/operator/withdrawals';

export const GET = handler(operatorRoutes.withdrawals, ({ query }) => withdrawalsQueue(query));
