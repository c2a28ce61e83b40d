'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { languageName } from '@/lib/i18n/language-name';
import { noticeStatuses, type OperatorNotice } from '@/lib/schemas/notifications';
import { destructiveOutlined } from '../destructive';
import { FilterSelect } from '../filter-select';
import { useOperatorApi } from '../operator-api';
import { RoomGrid } from '../room-grid';
import { useRoomNotice } from '../room-notice';
import { useGridPage } from '../use-grid-page';
import { useStaff } from '../use-staff';
import { ComposeDialog } from './compose-dialog';

/**
 * The notices room: notices by state (scheduled, released, withdrawn) with whom they were for,
 * their languages, their reach and read count; a new one is written in a dialog opened by its
 * address (`compose`, and `player` when sent from a player's page).
 */
export function NoticesRoom() {
  const t = useTranslations('backOffice.notices');
  const format = useFormatter();
  const locale = useLocale();
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  const staff = useStaff();
  const grid = useGridPage();
  const { params, page, pageSize, go } = grid;
  const { notice, done, failed } = useRoomNotice();
  const status = noticeStatuses.find((s) => s === params.get('status')) ?? 'released';
  const [withdrawing, setWithdrawing] = useState<string | null>(null);
  const query = new URLSearchParams({
    status,
    offset: String(page * pageSize),
    limit: String(pageSize + 1),
  });
  const list = useQuery({
    queryKey: ['operator', 'notices', query.toString()],
    queryFn: () => api<OperatorNotice[]>(`/operator/notices?${query}`),
    placeholderData: keepPreviousData,
    // Scheduled notices go out and readers come in while the room is open.
    refetchInterval: 15_000,
  });
  const withdraw = useMutation({
    mutationFn: (row: OperatorNotice) =>
      api<{ status: string }>(`/operator/notices/${row.id}`, { method: 'DELETE' }),
    onMutate: (row) => setWithdrawing(row.id),
    onSuccess: (_result, row) => done(t('done.withdrawn', { title: row.title })),
    onError: (error) => failed(error.message),
    onSettled: () => {
      setWithdrawing(null);
      return queryClient.invalidateQueries({ queryKey: ['operator'] });
    },
  });
  const nameOf = (l: string) => languageName(locale, l);
  const audienceOf = (row: OperatorNotice) => {
    if (row.player) return row.player.username;
    const parts = [
      row.segment.language ? nameOf(row.segment.language) : null,
      row.segment.vipLevel !== null ? t('audienceOf.vip', { level: row.segment.vipLevel }) : null,
    ].filter(Boolean);
    return parts.length ? parts.join(' · ') : t('audience.platform');
  };

  const columns = useMemo<GridColDef<OperatorNotice>[]>(
    () => [
      {
        field: 'releaseTime',
        headerName: t('columns.release'),
        width: 160,
        sortable: false,
        valueFormatter: (value: string) =>
          format.dateTime(new Date(value), { dateStyle: 'short', timeStyle: 'short' }),
      },
      {
        field: 'audience',
        headerName: t('columns.audience'),
        minWidth: 150,
        sortable: false,
        valueGetter: (_value, row) => audienceOf(row),
      },
      { field: 'title', headerName: t('columns.title'), minWidth: 180, flex: 1, sortable: false },
      {
        field: 'languages',
        headerName: t('columns.languages'),
        minWidth: 130,
        sortable: false,
        valueGetter: (_value, row) =>
          ['en', ...row.languages].map((l) => l.toUpperCase()).join(' '),
      },
      {
        field: 'audienceSize',
        headerName: t('columns.reach'),
        width: 100,
        sortable: false,
        valueFormatter: (value: number | null) => (value === null ? '—' : format.number(value)),
      },
      {
        field: 'readCount',
        headerName: t('columns.read'),
        width: 90,
        sortable: false,
        valueFormatter: (value: number) => format.number(value),
      },
      status === 'withdrawn'
        ? {
            field: 'createdBy',
            headerName: t('columns.by'),
            minWidth: 140,
            sortable: false,
            valueGetter: (_value, row) =>
              row.createdByName ?? (row.createdBy === 'token:automation' ? t('automation') : '—'),
          }
        : {
            field: 'actions',
            headerName: t('columns.actions'),
            minWidth: 130,
            sortable: false,
            // What support may not send (everyone, a segment), support may not take back either.
            renderCell: ({ row }) =>
              row.audience === 'platform' && staff.data?.role !== 'admin' ? null : (
                <Button
                  size="small"
                  variant="outlined"
                  sx={destructiveOutlined}
                  disabled={withdrawing === row.id}
                  aria-label={t(status === 'scheduled' ? 'cancelFor' : 'withdrawFor', {
                    title: row.title,
                  })}
                  onClick={() => withdraw.mutate(row)}
                >
                  {t(status === 'scheduled' ? 'cancel' : 'withdraw')}
                </Button>
              ),
          },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- audienceOf reads only t and locale
    [t, format, locale, status, withdrawing, withdraw.mutate, staff.data?.role],
  );

  const member = staff.data;
  return (
    <Box sx={{ p: { xs: 1, md: 3 }, width: '100%', minWidth: 0 }}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Typography variant="h5" component="h1">
          {t('title')}
        </Typography>
        <Button variant="contained" onClick={() => go({ compose: '1' })}>
          {t('new')}
        </Button>
      </Stack>
      <FilterSelect
        label={t('status')}
        value={status}
        options={noticeStatuses}
        optionLabel={(s) => t(`statuses.${s}`)}
        onChange={(value) => go({ status: value })}
        sx={{ minWidth: 180, mb: 1 }}
      />
      {list.isError && <Alert severity="error">{list.error.message}</Alert>}
      <RoomGrid
        label={t('listOf', { status: t(`statuses.${status}`) })}
        rows={list.data}
        columns={columns}
        loading={list.isPending}
        grid={grid}
      />
      {params.get('compose') && member && (
        <ComposeDialog
          canAddressEveryone={member.role === 'admin'}
          player={params.get('player') ?? undefined}
          onClose={() => go({ compose: undefined, player: undefined })}
          onPublished={(published) => {
            done(t(published === 'scheduled' ? 'done.scheduled' : 'done.published'));
            void queryClient.invalidateQueries({ queryKey: ['operator', 'notices'] });
            go({ compose: undefined, player: undefined, status: published });
          }}
        />
      )}
      {notice}
    </Box>
  );
}
