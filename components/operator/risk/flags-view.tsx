'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { flagKinds, type PlayerFlag } from '@/lib/schemas/risk';
import { FilterSelect } from '../filter-select';
import { useOperatorApi } from '../operator-api';
import { ReasonDialog } from '../reason-dialog';
import { RoomGrid } from '../room-grid';
import type { RiskViewProps } from './risk-room';

const flagStatuses = ['open', 'closed'] as const;

/** Risk flags on players, newest first; an open one is closed with the reviewer's note. */
export function FlagsView({ grid, onDone, onError }: RiskViewProps) {
  const t = useTranslations('backOffice.risk');
  const format = useFormatter();
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  const { params, page, pageSize, go } = grid;
  const status = flagStatuses.find((s) => s === params.get('status')) ?? 'open';
  const kind = flagKinds.find((k) => k === params.get('kind'));
  const [closing, setClosing] = useState<PlayerFlag | null>(null);
  const query = new URLSearchParams({
    status,
    ...(kind ? { kind } : {}),
    offset: String(page * pageSize),
    limit: String(pageSize + 1),
  });
  const list = useQuery({
    queryKey: ['operator', 'flags', query.toString()],
    queryFn: () => api<PlayerFlag[]>(`/operator/flags?${query}`),
    placeholderData: keepPreviousData,
  });
  const close = useMutation({
    mutationFn: ({ flag, note }: { flag: PlayerFlag; note: string }) =>
      api<PlayerFlag>(`/operator/flags/${flag.id}/close`, { method: 'POST', body: { note } }),
    onSuccess: (flag) => {
      setClosing(null);
      onDone(t('done.flagClosed', { username: flag.username }));
    },
    onError: (error) => {
      setClosing(null);
      onError(error.message);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['operator'] }),
  });

  const columns = useMemo<GridColDef<PlayerFlag>[]>(
    () => [
      {
        field: 'openedAt',
        headerName: t('columns.opened'),
        width: 160,
        sortable: false,
        valueFormatter: (value: string) =>
          format.dateTime(new Date(value), { dateStyle: 'short', timeStyle: 'short' }),
      },
      { field: 'username', headerName: t('columns.player'), minWidth: 130, sortable: false },
      {
        field: 'kind',
        headerName: t('columns.kind'),
        minWidth: 200,
        flex: 1,
        sortable: false,
        valueGetter: (_value, row) => t(`kinds.${row.kind}`),
      },
      {
        field: 'source',
        headerName: t('columns.source'),
        minWidth: 200,
        flex: 1,
        sortable: false,
        renderCell: ({ row }) => {
          const others = Array.isArray(row.details?.others) ? row.details.others.length : 0;
          return (
            <span>
              <code>{row.source}</code>
              {others > 0 && ` · ${t('others', { count: others })}`}
            </span>
          );
        },
      },
      status === 'open'
        ? {
            field: 'actions',
            headerName: t('columns.actions'),
            minWidth: 120,
            sortable: false,
            renderCell: ({ row }) => (
              <Button
                size="small"
                variant="outlined"
                aria-label={t('actionFor.close', {
                  username: row.username,
                  kind: t(`kinds.${row.kind}`),
                })}
                onClick={() => setClosing(row)}
              >
                {t('actions.close')}
              </Button>
            ),
          }
        : { field: 'note', headerName: t('columns.note'), minWidth: 160, flex: 1, sortable: false },
    ],
    [t, format, status, setClosing],
  );

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1 }}>
        <FilterSelect
          label={t('status')}
          value={status}
          options={flagStatuses}
          optionLabel={(s) => t(`flagStatus.${s}`)}
          onChange={(value) => go({ status: value })}
          sx={{ minWidth: 160 }}
        />
        <FilterSelect
          label={t('columns.kind')}
          value={kind ?? ''}
          options={flagKinds}
          optionLabel={(k) => t(`kinds.${k}`)}
          anyLabel={t('allKinds')}
          onChange={(value) => go({ kind: value })}
          sx={{ minWidth: 240 }}
        />
      </Stack>
      {list.isError && <Alert severity="error">{list.error.message}</Alert>}
      <RoomGrid
        label={t('flagsOf', { status: t(`flagStatus.${status}`) })}
        rows={list.data}
        columns={columns}
        loading={list.isPending}
        grid={grid}
      />
      {closing && (
        <ReasonDialog
          title={t('ask.close', { username: closing.username, kind: t(`kinds.${closing.kind}`) })}
          label={t('note')}
          confirm={t('actions.close')}
          destructive={false}
          onCancel={() => setClosing(null)}
          onConfirm={(note) => close.mutateAsync({ flag: closing, note }).catch(() => undefined)}
        />
      )}
    </>
  );
}
