import 'server-only';
import { reportCsvQuerySchema, reportQuerySchema, reportSchema } from '@/lib/schemas/reports';
import { binary, route } from '@/lib/server/http/route';

const operator = ['admin', 'payments'] as const;

/** Reports (the back office's reports room): GGR, bonus cost, NGR and the day's figures, in USD. */
export const reportRoutes = {
  report: route({
    method: 'get',
    path: '/operator/reports',
    operationId: 'report',
    summary:
      'Per UTC day of the range (at most 366): GGR per product, bonus cost, NGR, active players, deposits, withdrawals, first deposits and new players, in USD at each day\'s rate snapshot; and the hundred players with the highest GGR; roles admin or payments',
    tags: ['operator'],
    operator: [...operator],
    query: reportQuerySchema,
    response: reportSchema,
  }),
  csv: route({
    method: 'get',
    path: '/operator/reports/csv',
    operationId: 'reportCsv',
    summary:
      'The same report over the whole range as CSV, streamed: the days, or every player with activity (view=players); formula-like text cells are prefixed with \'; roles admin or payments',
    tags: ['operator'],
    operator: [...operator],
    query: reportCsvQuerySchema,
    response: binary(['text/csv'], 'The report as CSV (UTF-8, CRLF, every cell quoted)', {
      'Content-Disposition': 'attachment; named report-<view>-<from>-<to>.csv',
    }),
  }),
};
