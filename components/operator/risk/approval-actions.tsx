'use client';

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { Approval } from '@/lib/schemas/risk';
import { destructiveOutlined } from '../destructive';
import { useOperatorApi } from '../operator-api';
import { ReasonDialog } from '../reason-dialog';
import { subjectOf } from './describe-request';

/**
 * A pending request's buttons: approve or refuse for someone else's, withdraw for one's own (the
 * API refuses an approval by its requester all the same).
 */
export function ApprovalActions({
  approval,
  own,
  onDone,
  onError,
}: {
  approval: Approval;
  own: boolean;
  onDone: (text: string) => void;
  onError: (text: string) => void;
}) {
  const t = useTranslations('backOffice.risk');
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const who = subjectOf(approval);
  const act = useMutation({
    mutationFn: ({ action, note }: { action: 'approve' | 'refuse'; note?: string }) =>
      api<Approval>(`/operator/approvals/${approval.id}/${action}`, {
        method: 'POST',
        body: note === undefined ? {} : { note },
      }),
    onSuccess: (answer) => {
      setAsking(false);
      const resettled = answer.kind === 'sportsbook.resettle' && answer.status === 'approved';
      onDone(t(resettled ? 'done.resettled' : `done.${answer.status}`, { username: who }));
    },
    onError: (error) => {
      setAsking(false);
      onError(error.message);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['operator'] }),
  });
  const refuse = own ? 'withdraw' : 'refuse';
  return (
    <Stack direction="row" spacing={1} sx={{ py: 0.5 }}>
      {!own && (
        <Button
          size="small"
          variant="contained"
          aria-label={t('actionFor.approve', { username: who })}
          disabled={act.isPending}
          loading={act.isPending && act.variables?.action === 'approve'}
          onClick={() => act.mutate({ action: 'approve' })}
        >
          {t('actions.approve')}
        </Button>
      )}
      <Button
        size="small"
        variant="outlined"
        sx={destructiveOutlined}
        aria-label={t(`actionFor.${refuse}`, { username: who })}
        disabled={act.isPending}
        onClick={() => setAsking(true)}
      >
        {t(`actions.${refuse}`)}
      </Button>
      {asking && (
        <ReasonDialog
          title={t(`ask.${refuse}`, { username: who })}
          label={t('note')}
          confirm={t(`actions.${refuse}`)}
          onCancel={() => setAsking(false)}
          onConfirm={(note) => act.mutateAsync({ action: 'refuse', note }).catch(() => undefined)}
        />
      )}
    </Stack>
  );
}
