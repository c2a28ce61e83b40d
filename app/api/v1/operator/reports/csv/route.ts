import { handler } from '@/lib/server/http/handler';
import { reportCsv } from '@/lib/server/reports/csv';
import { reportRoutes } from '@/lib/server/reports/routes';

export const GET = handler(reportRoutes.csv, ({ query }) => reportCsv(query));
