'use client';

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { PlayerPage } from '@/lib/schemas/back-office-players';
import type { OperatorRole } from '@/lib/schemas/operator';
import { destructiveOutlined } from '../destructive';
import { useOperatorApi } from '../operator-api';
import { ReasonDialog } from '../reason-dialog';
import { AdjustDialog } from './adjust-dialog';
import { LimitDialog } from './limit-dialog';

type Asking = 'block' | 'unblock' | 'endSessions' | 'adjust' | 'limit' | null;

/**
 * What a staff member may do to the player from their page, by role (the API checks again): risk
 * and admin block, unblock and end sessions; payments and admin adjust a balance.
 */
export function PlayerActions({
  page,
  role,
  onDone,
  onError,
}: {
  page: PlayerPage;
  role: OperatorRole;
  onDone: (text: string) => void;
  onError: (text: string) => void;
}) {
  const t = useTranslations('backOffice.players');
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Asking>(null);
  const { id, username, status } = page.profile;
  const settle = () => {
    setAsking(null);
    return queryClient.invalidateQueries({ queryKey: ['operator'] });
  };
  const act = useMutation({
    mutationFn: ({ path, body }: { path: string; body: unknown }) =>
      api<{ status?: string; sessionsEnded?: number }>(path, { method: 'POST', body }),
    onError: (error) => onError(error.message),
    onSettled: settle,
  });
  const adjust = useMutation({
    mutationFn: (body: unknown) =>
      api<{ status: string }>('/operator/adjustments', { method: 'POST', body }),
    onSuccess: (answer) => {
      void settle();
      onDone(
        answer.status === 'pending'
          ? t('adjust.waiting', { username })
          : t('adjust.posted', { username }),
      );
    },
    // The dialog stays open with its idempotency key: sent again, a request that did land
    // answers what it did instead of adjusting twice.
    onError: (error) => onError(error.message),
  });
  const risky = role === 'admin' || role === 'risk';
  const moneyRole = role === 'admin' || role === 'payments';
  const reasonFor = (kind: 'block' | 'unblock' | 'endSessions') => (reason: string) =>
    act
      .mutateAsync({
        path: `/operator/players/${id}/${kind === 'endSessions' ? 'sessions/end' : kind}`,
        body: { reason },
      })
      .then((answer) => onDone(t(`done.${kind}`, { username, count: answer.sessionsEnded ?? 0 })))
      .catch(() => undefined);

  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {moneyRole && (
        <Button variant="contained" onClick={() => setAsking('adjust')}>
          {t('actions.adjust')}
        </Button>
      )}
      {risky && (
        <Button variant="outlined" onClick={() => setAsking('limit')}>
          {t('actions.limit')}
        </Button>
      )}
      {risky && (
        <Button
          variant="outlined"
          sx={destructiveOutlined}
          onClick={() => setAsking('endSessions')}
        >
          {t('actions.endSessions')}
        </Button>
      )}
      {risky &&
        (status === 'blocked' ? (
          <Button variant="outlined" onClick={() => setAsking('unblock')}>
            {t('actions.unblock')}
          </Button>
        ) : (
          <Button variant="outlined" sx={destructiveOutlined} onClick={() => setAsking('block')}>
            {t('actions.block')}
          </Button>
        ))}
      {asking === 'adjust' && (
        <AdjustDialog
          userId={id}
          username={username}
          onClose={() => setAsking(null)}
          onSubmit={(body) => adjust.mutateAsync(body).catch(() => undefined)}
        />
      )}
      {asking === 'limit' && (
        <LimitDialog
          username={username}
          onClose={() => setAsking(null)}
          onSubmit={(body) =>
            act
              .mutateAsync({ path: `/operator/players/${id}/limits`, body })
              .then(() => onDone(t('done.limit', { username })))
              .catch(() => undefined)
          }
        />
      )}
      {(asking === 'block' || asking === 'unblock' || asking === 'endSessions') && (
        <ReasonDialog
          title={t(`ask.${asking}`, { username })}
          confirm={t(`actions.${asking}`)}
          destructive={asking !== 'unblock'}
          onCancel={() => setAsking(null)}
          onConfirm={reasonFor(asking)}
        />
      )}
    </Stack>
  );
}
