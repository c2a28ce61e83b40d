import 'server-only';
import type { ReportQuery } from '@/lib/schemas/reports';
import { dailyReport } from './daily';

/** A plain decimal number cannot be a formula: it is written as it is, minus sign and all. */
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One CSV cell. A text a spreadsheet would run as a formula (starting with = + - @, a tab or a
 * carriage return: a username like `=HYPERLINK(…)`) is prefixed with ' so it stays text; every
 * cell is quoted, its quotes doubled.
 */
export function csvCell(value: string | number | boolean): string {
  const text = String(value);
  const inert = NUMBER.test(text) || !/^[=+\-@\t\r]/.test(text) ? text : `'${text}`;
  return `"${inert.replaceAll('"', '""')}"`;
}

const line = (cells: Array<string | number | boolean>) => `${cells.map(csvCell).join(',')}\r\n`;

const DAY_HEADER = [
  'day',
  'ggr_casino_usd',
  'ggr_originals_usd',
  'ggr_sportsbook_usd',
  'ggr_game_usd',
  'ggr_usd',
  'bonus_cost_usd',
  'ngr_usd',
  'active_players',
  'deposits',
  'deposits_usd',
  'withdrawals',
  'withdrawals_usd',
  'first_deposits',
  'new_players',
  'indicative_rates',
  'unpriced_currencies',
];
const PLAYER_HEADER = ['member_id', 'username', 'ggr_usd', 'deposits_usd', 'withdrawals_usd'];

/**
 * The report over the whole range as CSV, written to the response a row at a time: the days, or
 * every player with activity in the range (not only the page's hundred).
 */
export async function reportCsv(query: ReportQuery & { view: 'days' | 'players' }) {
  const report = await dailyReport(query);
  const rows: string[][] =
    query.view === 'days'
      ? report.days.map((d) => [
          d.day,
          d.ggr.casino,
          d.ggr.originals,
          d.ggr.sportsbook,
          d.ggr.game,
          d.ggr.total,
          d.bonusCost,
          d.ngr,
          String(d.activePlayers),
          String(d.deposits.count),
          d.deposits.usd,
          String(d.withdrawals.count),
          d.withdrawals.usd,
          String(d.firstDeposits),
          String(d.newPlayers),
          String(d.indicative),
          d.unpriced.join(' '),
        ])
      : report.allPlayers.map((p) => [p.memberId, p.username, p.ggr, p.deposits, p.withdrawals]);
  const header = query.view === 'days' ? DAY_HEADER : PLAYER_HEADER;
  const encoder = new TextEncoder();
  let next = -1;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next >= rows.length) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(line(next < 0 ? header : rows[next]!)));
      next += 1;
    },
  });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="report-${query.view}-${query.from}-${query.to}.csv"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
