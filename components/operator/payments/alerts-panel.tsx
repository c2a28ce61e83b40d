'use client';

import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { OperatorAlert } from '@/lib/schemas/operator';
import { useOperatorApi } from '../operator-api';
import { ReasonDialog } from '../reason-dialog';

/**
 * What the platform needs a person for (a hot wallet short of funds, a payout that failed), above
 * the queue: the platform ends an alert itself once its withdrawal is retried or released; a person
 * who dealt with it otherwise resolves it with a note.
 */
export function AlertsPanel({
  onDone,
  onError,
}: {
  onDone: (text: string) => void;
  onError: (text: string) => void;
}) {
  const t = useTranslations('backOffice.payments');
  const format = useFormatter();
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  const [resolving, setResolving] = useState<OperatorAlert | null>(null);
  const alerts = useQuery({
    queryKey: ['operator', 'alerts'],
    queryFn: () => api<OperatorAlert[]>('/operator/alerts'),
    refetchInterval: 15_000,
  });
  const resolve = useMutation({
    mutationFn: ({ alert, note }: { alert: OperatorAlert; note: string }) =>
      api(`/operator/alerts/${alert.id}/resolve`, { method: 'POST', body: { reason: note } }),
    onSuccess: (_answer, { alert }) => onDone(t('resolved', { target: alert.target })),
    onError: (error) => onError(error.message),
    onSettled: () => {
      setResolving(null);
      return queryClient.invalidateQueries({ queryKey: ['operator'] });
    },
  });
  if (!alerts.data?.length) return null;
  return (
    <Stack component="section" aria-label={t('alerts')} spacing={1} sx={{ mb: 2 }}>
      {alerts.data.map((alert) => (
        <Alert
          key={alert.id}
          severity="warning"
          action={
            <Button
              color="inherit"
              size="small"
              aria-label={t('resolveFor', { target: alert.target })}
              onClick={() => setResolving(alert)}
            >
              {t('resolve')}
            </Button>
          }
        >
          <AlertTitle>
            {alert.target} ·{' '}
            {format.dateTime(new Date(alert.createdAt), { dateStyle: 'short', timeStyle: 'short' })}
          </AlertTitle>
          {alert.message}
        </Alert>
      ))}
      {resolving && (
        <ReasonDialog
          title={t('resolveFor', { target: resolving.target })}
          label={t('resolution')}
          confirm={t('resolve')}
          destructive={false}
          onCancel={() => setResolving(null)}
          onConfirm={(note) =>
            resolve.mutateAsync({ alert: resolving, note }).catch(() => undefined)
          }
        />
      )}
    </Stack>
  );
}
