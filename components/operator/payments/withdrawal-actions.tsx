'use client';

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { QueuedWithdrawal } from '@/lib/schemas/operator';
import { useOperatorApi } from '../operator-api';
import { destructiveOutlined } from '../destructive';
import { ReasonDialog } from '../reason-dialog';
import { actionsFor, type WithdrawalAction } from './actions';

/**
 * A row's buttons: what the payments team may do to a withdrawal in its state. A rejection or a
 * release asks why first; the queue and the overview are asked again once the API has answered.
 */
export function WithdrawalActions({
  withdrawal,
  onDone,
  onError,
}: {
  withdrawal: QueuedWithdrawal;
  onDone: (text: string) => void;
  onError: (text: string) => void;
}) {
  const t = useTranslations('backOffice.payments');
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<'reject' | 'release' | null>(null);
  const act = useMutation({
    mutationFn: ({ action, reason }: { action: WithdrawalAction; reason?: string }) =>
      api<{ status: string; release?: 'done' | 'cancelling' }>(
        `/operator/withdrawals/${withdrawal.id}/${action}`,
        { method: 'POST', body: reason === undefined ? undefined : { reason } },
      ),
    onSuccess: (answer, { action }) => {
      setAsking(null);
      onDone(
        answer.release === 'cancelling'
          ? t('done.cancelling', { username: withdrawal.username })
          : t(`done.${action}`, { username: withdrawal.username }),
      );
    },
    onError: (error) => {
      setAsking(null);
      onError(error.message);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['operator'] }),
  });

  const actions = actionsFor[withdrawal.status];
  if (actions.length === 0) return null;
  const amount = `${withdrawal.amount} ${withdrawal.currency}`;
  return (
    <Stack direction="row" spacing={1} sx={{ py: 0.5 }}>
      {actions.map((action) => (
        <Button
          key={action}
          size="small"
          variant={action === 'approve' || action === 'retry' ? 'contained' : 'outlined'}
          sx={action === 'approve' || action === 'retry' ? undefined : destructiveOutlined}
          // Every row has the same buttons: the name says whose and how much.
          aria-label={t(`actionFor.${action}`, { username: withdrawal.username, amount })}
          disabled={act.isPending}
          loading={act.isPending && act.variables?.action === action}
          onClick={() =>
            action === 'reject' || action === 'release' ? setAsking(action) : act.mutate({ action })
          }
        >
          {t(`actions.${action}`)}
        </Button>
      ))}
      {asking && (
        <ReasonDialog
          title={t(`ask.${asking}`, {
            username: withdrawal.username,
            amount,
          })}
          confirm={t(`actions.${asking}`)}
          onCancel={() => setAsking(null)}
          onConfirm={(reason) => act.mutateAsync({ action: asking, reason }).catch(() => undefined)}
        />
      )}
    </Stack>
  );
}
