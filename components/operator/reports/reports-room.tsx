'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useFormatter, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import type { Report } from '@/lib/schemas/reports';
import { useOperatorApi } from '../operator-api';
import { useEndpoints } from '../operator-providers';
import { useGridPage } from '../use-grid-page';

// The chart library is the room's alone, and only once there is something to draw.
const ReportChart = dynamic(() => import('./report-chart').then((m) => m.ReportChart), {
  ssr: false,
});

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayBefore = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * The reports room (admin, payments): a range of UTC days in the address; the definitions printed
 * above the figures; GGR, bonus cost and NGR drawn and listed day by day with the day's counts; the
 * players with the highest GGR; the whole range as CSV from the server.
 */
export function ReportsRoom() {
  const t = useTranslations('backOffice.reports');
  const format = useFormatter();
  const api = useOperatorApi();
  const { apiBaseUrl } = useEndpoints();
  const { params, go } = useGridPage();
  const from = DAY.test(params.get('from') ?? '') ? params.get('from')! : dayBefore(29);
  const to = DAY.test(params.get('to') ?? '') ? params.get('to')! : dayBefore(0);
  // What is typed starts from the range shown, and starts again when the address changes it.
  const [typed, setTyped] = useState({ from, to, shown: `${from}/${to}` });
  if (typed.shown !== `${from}/${to}`) setTyped({ from, to, shown: `${from}/${to}` });
  const range = new URLSearchParams({ from, to });
  const report = useQuery({
    queryKey: ['operator', 'report', range.toString()],
    queryFn: () => api<Report>(`/operator/reports?${range}`),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ from: typed.from, to: typed.to });
  };
  const money = (usd: string) => format.number(Number(usd), { style: 'currency', currency: 'USD' });
  /** A UTC day in the staff member's words ("Nov 29, 2026"). */
  const dayName = (day: string) =>
    format.dateTime(new Date(`${day}T00:00:00Z`), { dateStyle: 'medium', timeZone: 'UTC' });
  const csv = (view: 'days' | 'players') =>
    `${apiBaseUrl}/operator/reports/csv?${new URLSearchParams({ from, to, view })}`;
  const data = report.data;
  const indicative = data?.days.some((d) => d.indicative);
  const unpriced = [...new Set(data?.days.flatMap((d) => d.unpriced) ?? [])];

  return (
    <Box sx={{ p: { xs: 1, md: 3 }, width: '100%', minWidth: 0 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      <Stack
        component="form"
        onSubmit={submit}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mb: 2, alignItems: { sm: 'center' } }}
        aria-label={t('range')}
      >
        <TextField
          size="small"
          type="date"
          label={t('from')}
          value={typed.from}
          onChange={(event) => setTyped({ ...typed, from: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label={t('to')}
          value={typed.to}
          onChange={(event) => setTyped({ ...typed, to: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button type="submit" variant="contained">
          {t('show')}
        </Button>
        <Button href={csv('days')} download>
          {t('csvDays')}
        </Button>
        <Button href={csv('players')} download>
          {t('csvPlayers')}
        </Button>
      </Stack>
      <Paper variant="outlined" component="section" aria-labelledby="definitions" sx={{ p: 2, mb: 2 }}>
        <Typography id="definitions" variant="subtitle2" component="h2">
          {t('definitions.title')}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5, typography: 'body2' }}>
          {(['ggr', 'bonusCost', 'ngr', 'active', 'usd'] as const).map((key) => (
            <li key={key}>{t(`definitions.${key}`)}</li>
          ))}
        </Box>
      </Paper>
      {report.isPending && <CircularProgress aria-label={t('loading')} />}
      {report.isError && <Alert severity="error">{report.error.message}</Alert>}
      {data && (
        <Stack spacing={2}>
          {indicative && <Alert severity="warning">{t('indicative')}</Alert>}
          {unpriced.length > 0 && (
            <Alert severity="warning">{t('unpriced', { currencies: unpriced.join(', ') })}</Alert>
          )}
          <ReportChart days={data.days} />
          {/* Wider than a phone: the table scrolls sideways, from the keyboard too. */}
          <TableContainer
            component={Paper}
            variant="outlined"
            tabIndex={0}
            role="region"
            aria-label={t('daysTable')}
          >
            <Table size="small" aria-label={t('daysTable')}>
              <TableHead>
                <TableRow>
                  {(
                    [
                      'day',
                      'ggr',
                      'casino',
                      'originals',
                      'sportsbook',
                      'game',
                      'bonusCost',
                      'ngr',
                      'active',
                      'deposits',
                      'withdrawals',
                      'firstDeposits',
                      'newPlayers',
                    ] as const
                  ).map((c) => (
                    <TableCell key={c}>{t(`columns.${c}`)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {[...data.days].reverse().map((d) => (
                  <TableRow key={d.day}>
                    <TableCell component="th" scope="row">
                      <time dateTime={d.day}>{dayName(d.day)}</time>
                      {d.indicative ? ' *' : ''}
                    </TableCell>
                    <TableCell>{money(d.ggr.total)}</TableCell>
                    <TableCell>{money(d.ggr.casino)}</TableCell>
                    <TableCell>{money(d.ggr.originals)}</TableCell>
                    <TableCell>{money(d.ggr.sportsbook)}</TableCell>
                    <TableCell>{money(d.ggr.game)}</TableCell>
                    <TableCell>{money(d.bonusCost)}</TableCell>
                    <TableCell>{money(d.ngr)}</TableCell>
                    <TableCell>{format.number(d.activePlayers)}</TableCell>
                    <TableCell>
                      {t('countAndUsd', {
                        count: format.number(d.deposits.count),
                        usd: money(d.deposits.usd),
                      })}
                    </TableCell>
                    <TableCell>
                      {t('countAndUsd', {
                        count: format.number(d.withdrawals.count),
                        usd: money(d.withdrawals.usd),
                      })}
                    </TableCell>
                    <TableCell>{format.number(d.firstDeposits)}</TableCell>
                    <TableCell>{format.number(d.newPlayers)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Typography variant="h6" component="h2">
            {t('playersTitle')}
          </Typography>
          <TableContainer
            component={Paper}
            variant="outlined"
            tabIndex={0}
            role="region"
            aria-label={t('playersTitle')}
          >
            <Table size="small" aria-label={t('playersTitle')}>
              <TableHead>
                <TableRow>
                  {(['memberId', 'player', 'ggr', 'deposits', 'withdrawals'] as const).map((c) => (
                    <TableCell key={c}>{t(`columns.${c}`)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.players.map((p) => (
                  <TableRow key={p.userId}>
                    <TableCell>{p.memberId}</TableCell>
                    <TableCell component="th" scope="row">
                      {p.username}
                    </TableCell>
                    <TableCell>{money(p.ggr)}</TableCell>
                    <TableCell>{money(p.deposits)}</TableCell>
                    <TableCell>{money(p.withdrawals)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Stack>
      )}
    </Box>
  );
}
