'use client';

import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import type { OperatorAlert } from '@/lib/schemas/operator';
import { useOperatorApi } from '../operator-api';

/**
 * What the platform needs a person for (a hot wallet short of funds, a payout that failed), above
 * the queue: the platform ends an alert itself once its withdrawal is retried or released.
 */
export function AlertsPanel() {
  const t = useTranslations('backOffice.payments');
  const format = useFormatter();
  const api = useOperatorApi();
  const alerts = useQuery({
    queryKey: ['operator', 'alerts'],
    queryFn: () => api<OperatorAlert[]>('/operator/alerts'),
    refetchInterval: 15_000,
  });
  if (!alerts.data?.length) return null;
  return (
    <Stack component="section" aria-label={t('alerts')} spacing={1} sx={{ mb: 2 }}>
      {alerts.data.map((alert) => (
        <Alert key={alert.id} severity="warning">
          <AlertTitle>
            {alert.target} ·{' '}
            {format.dateTime(new Date(alert.createdAt), { dateStyle: 'short', timeStyle: 'short' })}
          </AlertTitle>
          {alert.message}
        </Alert>
      ))}
    </Stack>
  );
}
