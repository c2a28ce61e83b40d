'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import type { QueuedWithdrawal } from '@/lib/schemas/operator';
import { withdrawalStatuses, type WithdrawalStatus } from '@/lib/schemas/wallet';
import { useOperatorApi } from '../operator-api';
import { useRoomNotice } from '../room-notice';
import { RoomGrid } from '../room-grid';
import { useGridPage } from '../use-grid-page';
import { AlertsPanel } from './alerts-panel';
import { WithdrawalActions } from './withdrawal-actions';
import { useLiveRefresh } from '../use-live-refresh';

/**
 * New requests and state changes arrive over the socket; this slow refetch is only the fallback
 * for a socket that cannot connect (a proxy that drops WebSockets).
 */
const REFRESH_MS = 60_000;
const LIVE_EVENTS = ['payments:withdrawal'] as const;
const LIVE_QUERIES = [
  ['operator', 'withdrawals'],
  ['operator', 'alerts'],
] as const;

/** The payments room: withdrawals by state, the player beside each, worked from the row. */
export function PaymentsRoom() {
  const t = useTranslations('backOffice.payments');
  const format = useFormatter();
  const api = useOperatorApi();
  const grid = useGridPage();
  const { params, page, pageSize, go } = grid;
  const asked = params.get('status');
  const status = withdrawalStatuses.find((s) => s === asked) ?? 'pending';
  const { notice, done, failed } = useRoomNotice();
  useLiveRefresh(LIVE_EVENTS, LIVE_QUERIES);

  const queue = useQuery({
    queryKey: ['operator', 'withdrawals', status, page, pageSize],
    queryFn: () =>
      api<QueuedWithdrawal[]>(
        `/operator/withdrawals?status=${status}&offset=${page * pageSize}&limit=${pageSize + 1}`,
      ),
    refetchInterval: REFRESH_MS,
    placeholderData: keepPreviousData,
  });

  const columns = useMemo<GridColDef<QueuedWithdrawal>[]>(
    () => [
      {
        field: 'createdAt',
        headerName: t('columns.requested'),
        width: 170,
        sortable: false,
        valueFormatter: (value: string) =>
          format.dateTime(new Date(value), { dateStyle: 'short', timeStyle: 'short' }),
      },
      {
        field: 'username',
        headerName: t('columns.player'),
        minWidth: 160,
        flex: 1,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, height: '100%' }}>
            <span>{row.username}</span>
            <Chip size="small" label={t('kycLevel', { level: row.kycLevel })} />
          </Box>
        ),
      },
      {
        field: 'amount',
        headerName: t('columns.amount'),
        minWidth: 170,
        sortable: false,
        valueGetter: (_value, row) => `${row.amount} ${row.currency}`,
      },
      {
        field: 'usd',
        headerName: t('columns.usd'),
        width: 120,
        sortable: false,
        valueGetter: (_value, row) =>
          row.usd === null
            ? '—'
            : `${format.number(Number(row.usd), { style: 'currency', currency: 'USD' })}${row.usdIndicative ? ' *' : ''}`,
      },
      { field: 'network', headerName: t('columns.network'), width: 110, sortable: false },
      {
        field: 'address',
        headerName: t('columns.address'),
        minWidth: 200,
        flex: 1,
        sortable: false,
        renderCell: ({ value }) => (
          <Box component="span" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {value}
          </Box>
        ),
      },
      ...(status === 'rejected' || status === 'cancelled'
        ? [
            {
              field: 'reason',
              headerName: t('columns.reason'),
              minWidth: 160,
              flex: 1,
              sortable: false,
            } satisfies GridColDef<QueuedWithdrawal>,
          ]
        : []),
      {
        field: 'actions',
        headerName: t('columns.actions'),
        minWidth: 220,
        sortable: false,
        renderCell: ({ row }) => (
          <WithdrawalActions withdrawal={row} onDone={done} onError={failed} />
        ),
      },
    ],
    [t, format, status, done, failed],
  );

  return (
    <Box sx={{ p: { xs: 1, md: 3 }, width: '100%', minWidth: 0 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      <AlertsPanel onDone={done} onError={failed} />
      <Tabs
        value={status}
        onChange={(_event, next: WithdrawalStatus) => go({ status: next })}
        variant="scrollable"
        aria-label={t('byStatus')}
        sx={{ mb: 1 }}
      >
        {withdrawalStatuses.map((s) => (
          <Tab key={s} value={s} label={t(`status.${s}`)} />
        ))}
      </Tabs>
      {queue.isError && <Alert severity="error">{queue.error.message}</Alert>}
      <RoomGrid
        label={t('queue', { status: t(`status.${status}`) })}
        rows={queue.data}
        columns={columns}
        loading={queue.isPending}
        grid={grid}
      />
      {queue.data?.some((r) => r.usdIndicative) && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('indicative')}
        </Typography>
      )}
      {notice}
    </Box>
  );
}
