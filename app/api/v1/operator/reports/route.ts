import { handler } from '@/lib/server/http/handler';
import { dailyReport } from '@/lib/server/reports/daily';
import { reportRoutes } from '@/lib/server/reports/routes';

export const GET = handler(reportRoutes.report, async ({ query }) => {
  const { days, players } = await dailyReport(query);
  return { days, players };
});
