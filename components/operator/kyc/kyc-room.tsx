'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useFormatter, useNow, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { z } from 'zod';
import { reviewStatuses, type KycQueueItem } from '@/lib/schemas/kyc';
import { FilterSelect } from '../filter-select';
import { useOperatorApi } from '../operator-api';
import { RoomGrid } from '../room-grid';
import { useGridPage } from '../use-grid-page';
import { CaseDialog } from './case-dialog';

const levels = ['2', '3'] as const;
const playerId = z.uuid();

/**
 * The KYC room: levels waiting for review, the longest wait first, filtered by state and level in
 * the address; a case opens over the queue by its address too (`case`), so it can be shared.
 */
export function KycRoom() {
  const t = useTranslations('backOffice.kyc');
  const tv = useTranslations('verification');
  const format = useFormatter();
  const now = useNow({ updateInterval: 60_000 });
  const api = useOperatorApi();
  const grid = useGridPage();
  const { params, page, pageSize, go } = grid;
  const status = reviewStatuses.find((s) => s === params.get('status')) ?? 'pending';
  const level = levels.find((l) => l === params.get('level'));
  // Only a player's id opens a case: the address never reaches the API as a path otherwise.
  const asked = params.get('case');
  const opened = playerId.safeParse(asked).success ? asked : null;
  const query = new URLSearchParams({
    status,
    ...(level ? { level } : {}),
    offset: String(page * pageSize),
    limit: String(pageSize + 1),
  });
  const queue = useQuery({
    queryKey: ['operator', 'kyc', query.toString()],
    queryFn: () => api<KycQueueItem[]>(`/operator/kyc?${query}`),
    placeholderData: keepPreviousData,
    // New uploads join the queue while a reviewer works it.
    refetchInterval: 15_000,
  });

  const columns = useMemo<GridColDef<KycQueueItem & { id: string }>[]>(
    () => [
      {
        field: 'since',
        headerName: t(status === 'pending' ? 'columns.waiting' : 'columns.decided'),
        width: 170,
        sortable: false,
        valueFormatter: (value: string) => format.relativeTime(new Date(value), now),
      },
      {
        field: 'username',
        headerName: t('columns.player'),
        minWidth: 140,
        flex: 1,
        sortable: false,
      },
      { field: 'memberId', headerName: t('columns.memberId'), width: 110, sortable: false },
      {
        field: 'level',
        headerName: t('columns.level'),
        minWidth: 180,
        sortable: false,
        valueGetter: (_value, row) => tv(`level.${row.level}`),
      },
      {
        field: 'documents',
        headerName: t('columns.documents'),
        width: 120,
        sortable: false,
        valueGetter: (_value, row) => row.documents.length,
      },
      {
        field: 'actions',
        headerName: t('columns.actions'),
        minWidth: 120,
        sortable: false,
        renderCell: ({ row }) => (
          <Button
            size="small"
            variant="outlined"
            aria-label={t('reviewFor', { username: row.username, level: row.level })}
            onClick={() => go({ case: row.userId })}
          >
            {t(status === 'pending' ? 'review' : 'open')}
          </Button>
        ),
      },
    ],
    [t, tv, format, now, status, go],
  );

  return (
    <Box sx={{ p: { xs: 1, md: 3 }, width: '100%', minWidth: 0 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1 }}>
        <FilterSelect
          label={t('status')}
          value={status}
          options={reviewStatuses}
          optionLabel={(s) => tv(`status.${s}`)}
          onChange={(value) => go({ status: value })}
          sx={{ minWidth: 160 }}
        />
        <FilterSelect
          label={t('columns.level')}
          value={level ?? ''}
          options={levels}
          optionLabel={(l) => tv(`level.${l}`)}
          anyLabel={t('allLevels')}
          onChange={(value) => go({ level: value })}
          sx={{ minWidth: 240 }}
        />
      </Stack>
      {queue.isError && <Alert severity="error">{queue.error.message}</Alert>}
      <RoomGrid
        label={t('queueOf', { status: tv(`status.${status}`) })}
        rows={queue.data?.map((row) => ({ ...row, id: `${row.userId}:${row.level}` }))}
        columns={columns}
        loading={queue.isPending}
        grid={grid}
      />
      {opened && <CaseDialog userId={opened} onClose={() => go({ case: undefined })} />}
    </Box>
  );
}
