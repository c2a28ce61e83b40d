'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import NextLink from 'next/link';
import { useTranslations } from 'next-intl';
import type { Overview, OverviewQueue } from '@/lib/schemas/operator';
import { useOperatorApi } from '../operator-api';

/** Where each queue is worked. */
const queueLinks: Record<OverviewQueue, string> = {
  withdrawals: '/operator/payments?status=pending',
  failedPayouts: '/operator/payments?status=failed',
  alerts: '/operator/payments',
  approvals: '/operator/risk?view=approvals',
  flags: '/operator/risk?view=flags',
  kyc: '/operator/kyc?status=pending',
  support: '/operator/support',
};

const todayFigures = [
  'newPlayers',
  'depositsCredited',
  'withdrawalsRequested',
  'withdrawalsPaid',
] as const;

/** Figures side by side, as many to a row as the screen holds (one on a phone). */
const tiles = {
  m: 0,
  display: 'grid',
  gap: 2,
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
} as const;

/** The back office's first page: what waits for this role, and today in counts. */
export function OverviewRoom() {
  const t = useTranslations('backOffice.overview');
  const api = useOperatorApi();
  const overview = useQuery({
    queryKey: ['operator', 'overview'],
    queryFn: () => api<Overview>('/operator/overview'),
    refetchInterval: 15_000,
  });

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, width: '100%' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      {overview.isError && <Alert severity="error">{overview.error.message}</Alert>}
      {overview.isPending && <CircularProgress aria-label={t('loading')} />}
      {overview.data && (
        <>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('waiting')}
          </Typography>
          <Box component="ul" sx={{ ...tiles, listStyle: 'none', p: 0, mb: 3 }}>
            {overview.data.queues.map(({ queue, waiting }) => {
              return (
                <Card component="li" key={queue} variant="outlined" data-testid={`queue-${queue}`}>
                  <CardActionArea component={NextLink} href={queueLinks[queue]}>
                    <CardContent>
                      <Typography variant="h4" component="p">
                        {waiting}
                      </Typography>
                      <Typography color="text.secondary">{t(`queues.${queue}`)}</Typography>
                    </CardContent>
                  </CardActionArea>
                </Card>
              );
            })}
          </Box>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('today')}
          </Typography>
          <Box component="dl" sx={tiles}>
            {todayFigures.map((figure) => (
              <Box key={figure}>
                <Typography component="dt" color="text.secondary">
                  {t(`figures.${figure}`)}
                </Typography>
                <Typography component="dd" variant="h5" sx={{ m: 0 }}>
                  {overview.data.today[figure]}
                </Typography>
              </Box>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}
