'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useCallback, useMemo, useState } from 'react';
import type { z } from 'zod';
import type { roomEventSchema } from '@/lib/schemas/sportsbook';
import { destructiveOutlined } from '../destructive';
import { useOperatorApi } from '../operator-api';
import { ReasonDialog } from '../reason-dialog';
import { RoomGrid } from '../room-grid';
import { MarketsDialog } from './markets-dialog';
import { ResultDialog } from './result-dialog';
import type { SettlementViewProps } from './settlement-room';

type RoomEvent = z.infer<typeof roomEventSchema>;

/**
 * Open events with open bets, the largest liability first: a result entered by hand settles an
 * event, a void (with its reason) returns its stakes; an event or one of its markets suspended
 * takes no bets until reopened. All audited.
 */
export function OpenEventsView({ grid, onDone: done, onError: failed }: SettlementViewProps) {
  const t = useTranslations('backOffice.settlement');
  const format = useFormatter();
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  const { page, pageSize } = grid;
  const [resulting, setResulting] = useState<RoomEvent | null>(null);
  const [voiding, setVoiding] = useState<RoomEvent | null>(null);
  const [browsing, setBrowsing] = useState<number | null>(null);
  const query = new URLSearchParams({
    offset: String(page * pageSize),
    limit: String(pageSize + 1),
  });
  const list = useQuery({
    queryKey: ['operator', 'sports-events', query.toString()],
    queryFn: () => api<RoomEvent[]>(`/operator/sports/events?${query}`),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
  const match = useCallback((e: RoomEvent) => t('match', { home: e.home, away: e.away }), [t]);
  const settle = useMutation({
    mutationFn: (a: { event: RoomEvent; action: 'result' | 'void'; body: unknown }) =>
      api(`/operator/sports/events/${a.event.id}/${a.action}`, { method: 'POST', body: a.body }),
    onSuccess: (_answer, a) =>
      done(t(a.action === 'void' ? 'done.voided' : 'done.resulted', { match: match(a.event) })),
    onError: (error) => failed(error.message),
    onSettled: () => {
      setResulting(null);
      setVoiding(null);
      return queryClient.invalidateQueries({ queryKey: ['operator'] });
    },
  });

  const suspend = useMutation({
    mutationFn: (a: { event: RoomEvent; suspended: boolean; marketId?: string }) =>
      api<Pick<RoomEvent, 'held' | 'heldMarkets'>>(
        `/operator/sports/events/${a.event.id}/suspension`,
        { method: 'POST', body: { suspended: a.suspended, marketId: a.marketId } },
      ),
    onSuccess: (_answer, a) => {
      const what = a.marketId ? 'market' : 'event';
      const key = a.suspended
        ? what === 'market'
          ? 'done.marketSuspended'
          : 'done.suspended'
        : what === 'market'
          ? 'done.marketReopened'
          : 'done.reopened';
      done(t(key, { match: match(a.event) }));
    },
    onError: (error) => failed(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['operator'] }),
  });
  // The dialog follows the list, so its switches show what the last change left.
  const browsed = list.data?.find((e) => e.id === browsing) ?? null;

  const columns = useMemo<GridColDef<RoomEvent>[]>(
    () => [
      {
        field: 'startsAt',
        headerName: t('columns.starts'),
        width: 150,
        sortable: false,
        valueFormatter: (value: string) =>
          format.dateTime(new Date(value), { dateStyle: 'short', timeStyle: 'short' }),
      },
      {
        field: 'match',
        headerName: t('columns.match'),
        minWidth: 220,
        flex: 1,
        sortable: false,
        renderCell: ({ row }) => (
          <span>
            {match(row)}
            <br />
            <Typography component="span" variant="caption" color="text.secondary">
              {row.competition} · {t(`states.${row.state}`)}
              {row.held && ` · ${t('states.held')}`}
            </Typography>
          </span>
        ),
      },
      { field: 'openBets', headerName: t('columns.openBets'), width: 110, sortable: false },
      {
        field: 'liabilityUsd',
        headerName: t('columns.liability'),
        width: 140,
        sortable: false,
        valueFormatter: (value: number) =>
          format.number(value, { style: 'currency', currency: 'USD' }),
      },
      {
        field: 'actions',
        headerName: t('columns.actions'),
        minWidth: 420,
        sortable: false,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1} sx={{ py: 0.5 }}>
            <Button
              size="small"
              variant="outlined"
              aria-label={t('actionFor.result', { match: match(row) })}
              onClick={() => setResulting(row)}
            >
              {t('actions.result')}
            </Button>
            <Button
              size="small"
              variant="outlined"
              aria-label={t(row.held ? 'actionFor.reopen' : 'actionFor.suspend', {
                match: match(row),
              })}
              disabled={suspend.isPending}
              onClick={() => suspend.mutate({ event: row, suspended: !row.held })}
            >
              {t(row.held ? 'actions.reopen' : 'actions.suspend')}
            </Button>
            <Button
              size="small"
              variant="outlined"
              aria-label={t('actionFor.markets', { match: match(row) })}
              onClick={() => setBrowsing(row.id)}
            >
              {t('actions.markets')}
            </Button>
            <Button
              size="small"
              variant="outlined"
              sx={destructiveOutlined}
              aria-label={t('actionFor.void', { match: match(row) })}
              onClick={() => setVoiding(row)}
            >
              {t('actions.void')}
            </Button>
          </Stack>
        ),
      },
    ],
    [t, format, match, suspend],
  );

  return (
    <>
      {list.isError && <Alert severity="error">{list.error.message}</Alert>}
      <RoomGrid
        label={t('gridLabel')}
        rows={list.data}
        columns={columns}
        loading={list.isPending}
        grid={grid}
      />
      {resulting && (
        <ResultDialog
          title={t('ask.result', { match: match(resulting) })}
          confirm={t('actions.result')}
          onCancel={() => setResulting(null)}
          onConfirm={({ score }) =>
            settle
              .mutateAsync({ event: resulting, action: 'result', body: { regulation: score } })
              .catch(() => undefined)
          }
        />
      )}
      {browsed && (
        <MarketsDialog
          eventId={browsed.id}
          title={t('ask.markets', { match: match(browsed) })}
          held={browsed.heldMarkets}
          busy={suspend.isPending || list.isFetching}
          onToggle={(marketId, suspended) =>
            suspend.mutate({ event: browsed, suspended, marketId })
          }
          onClose={() => setBrowsing(null)}
        />
      )}
      {voiding && (
        <ReasonDialog
          title={t('ask.void', { match: match(voiding) })}
          confirm={t('actions.void')}
          onCancel={() => setVoiding(null)}
          onConfirm={(reason) =>
            settle
              .mutateAsync({ event: voiding, action: 'void', body: { reason } })
              .catch(() => undefined)
          }
        />
      )}
    </>
  );
}
