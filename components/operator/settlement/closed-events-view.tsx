'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useCallback, useMemo, useState } from 'react';
import type { z } from 'zod';
import type { closedEventSchema, eventResettledSchema } from '@/lib/schemas/sportsbook';
import { useOperatorApi } from '../operator-api';
import { RoomGrid } from '../room-grid';
import { ResultDialog } from './result-dialog';
import type { SettlementViewProps } from './settlement-room';

type ClosedEvent = z.infer<typeof closedEventSchema>;
type Resettled = z.infer<typeof eventResettledSchema>;

/**
 * Events closed in the last two weeks with bets on them, the latest first: a corrected result (or
 * a void) settles their bets again; where a bet had paid, it waits for a second staff member.
 */
export function ClosedEventsView({ grid, onDone, onError }: SettlementViewProps) {
  const t = useTranslations('backOffice.settlement');
  const format = useFormatter();
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  const { page, pageSize } = grid;
  // One key per dialog: a retry of the same correction answers the same request.
  const [correcting, setCorrecting] = useState<{ event: ClosedEvent; key: string } | null>(null);
  const query = new URLSearchParams({
    offset: String(page * pageSize),
    limit: String(pageSize + 1),
  });
  const list = useQuery({
    queryKey: ['operator', 'sports-events', 'closed', query.toString()],
    queryFn: () => api<ClosedEvent[]>(`/operator/sports/events/closed?${query}`),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
  const match = useCallback((e: ClosedEvent) => t('match', { home: e.home, away: e.away }), [t]);
  const resultOf = useCallback(
    (e: ClosedEvent) =>
      e.result
        ? t('score', { home: e.result.full[0]!, away: e.result.full[1]! })
        : t('states.abandoned'),
    [t],
  );
  const resettle = useMutation({
    mutationFn: (a: { event: ClosedEvent; body: unknown }) =>
      api<Resettled>(`/operator/sports/events/${a.event.id}/resettle`, {
        method: 'POST',
        body: a.body,
      }),
    onSuccess: (answer, a) =>
      onDone(
        t(answer.status === 'pending' ? 'done.resettlePending' : 'done.resettled', {
          match: match(a.event),
        }),
      ),
    onError: (error) => onError(error.message),
    onSettled: () => {
      setCorrecting(null);
      return queryClient.invalidateQueries({ queryKey: ['operator'] });
    },
  });

  const columns = useMemo<GridColDef<ClosedEvent>[]>(
    () => [
      {
        field: 'endedAt',
        headerName: t('columns.ended'),
        width: 150,
        sortable: false,
        valueFormatter: (value: string | null) =>
          value
            ? format.dateTime(new Date(value), { dateStyle: 'short', timeStyle: 'short' })
            : '—',
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
              {row.competition}
            </Typography>
          </span>
        ),
      },
      {
        field: 'result',
        headerName: t('columns.result'),
        width: 130,
        sortable: false,
        valueGetter: (_value, row) => resultOf(row),
      },
      { field: 'bets', headerName: t('columns.bets'), width: 90, sortable: false },
      {
        field: 'actions',
        headerName: t('columns.actions'),
        minWidth: 160,
        sortable: false,
        renderCell: ({ row }) => (
          <Button
            size="small"
            variant="outlined"
            aria-label={t('actionFor.resettle', { match: match(row) })}
            onClick={() => setCorrecting({ event: row, key: crypto.randomUUID() })}
          >
            {t('actions.resettle')}
          </Button>
        ),
      },
    ],
    [t, format, match, resultOf],
  );

  return (
    <>
      {list.isError && <Alert severity="error">{list.error.message}</Alert>}
      <RoomGrid
        label={t('closedGridLabel')}
        rows={list.data}
        columns={columns}
        loading={list.isPending}
        grid={grid}
      />
      {correcting && (
        <ResultDialog
          correcting
          title={t('ask.resettle', {
            match: match(correcting.event),
            result: resultOf(correcting.event),
          })}
          confirm={t('actions.resettle')}
          onCancel={() => setCorrecting(null)}
          onConfirm={({ score, reason }) =>
            resettle
              .mutateAsync({
                event: correcting.event,
                body: {
                  result: score && { regulation: score },
                  reason,
                  idempotencyKey: correcting.key,
                },
              })
              .catch(() => undefined)
          }
        />
      )}
    </>
  );
}
