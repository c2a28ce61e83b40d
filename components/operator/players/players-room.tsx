'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import NextLink from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { useMemo, useState, type FormEvent } from 'react';
import { playerSearchFields, type PlayerRow } from '@/lib/schemas/back-office-players';
import { FilterSelect } from '../filter-select';
import { useOperatorApi } from '../operator-api';
import { RoomGrid } from '../room-grid';
import { useGridPage } from '../use-grid-page';

/** The players room: a search in the address (`q`, `by`), the players found a page at a time. */
export function PlayersRoom() {
  const t = useTranslations('backOffice.players');
  const format = useFormatter();
  const api = useOperatorApi();
  const grid = useGridPage();
  const { params, page, pageSize, go } = grid;
  const q = params.get('q')?.trim() ?? '';
  const by = playerSearchFields.find((f) => f === params.get('by')) ?? 'any';
  const [typed, setTyped] = useState(q);
  const [field, setField] = useState<string>(by);
  const query = new URLSearchParams({
    q,
    by,
    offset: String(page * pageSize),
    limit: String(pageSize + 1),
  });
  const found = useQuery({
    queryKey: ['operator', 'players', query.toString()],
    queryFn: () => api<PlayerRow[]>(`/operator/players?${query}`),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ q: typed.trim(), by: field === 'any' ? undefined : field });
  };

  const columns = useMemo<GridColDef<PlayerRow>[]>(
    () => [
      { field: 'memberId', headerName: t('columns.memberId'), width: 120, sortable: false },
      {
        field: 'username',
        headerName: t('columns.username'),
        minWidth: 160,
        flex: 1,
        sortable: false,
        renderCell: ({ row }) => (
          <Link component={NextLink} href={`/operator/players/${row.id}`}>
            {row.username}
          </Link>
        ),
      },
      { field: 'email', headerName: t('columns.email'), minWidth: 200, flex: 1, sortable: false },
      {
        field: 'status',
        headerName: t('columns.status'),
        minWidth: 210,
        sortable: false,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
            <Chip size="small" label={t(`status.${row.status}`)} />
            <Chip size="small" label={t('kycLevel', { level: row.kycLevel })} />
            {row.openFlags > 0 && (
              <Chip size="small" color="warning" label={t('openFlags', { count: row.openFlags })} />
            )}
          </Stack>
        ),
      },
      {
        field: 'createdAt',
        headerName: t('columns.joined'),
        width: 130,
        sortable: false,
        valueFormatter: (value: string) => format.dateTime(new Date(value), { dateStyle: 'short' }),
      },
    ],
    [t, format],
  );

  return (
    <Box sx={{ p: { xs: 1, md: 3 }, width: '100%', minWidth: 0 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      <Stack
        component="form"
        role="search"
        aria-label={t('search')}
        onSubmit={submit}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mb: 2 }}
      >
        <TextField
          size="small"
          label={t('query')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          sx={{ flex: 1 }}
        />
        <FilterSelect
          label={t('by')}
          value={field}
          options={playerSearchFields}
          optionLabel={(f) => t(`fields.${f}`)}
          onChange={setField}
          sx={{ minWidth: 200 }}
        />
        <Button type="submit" variant="contained" disabled={!typed.trim()}>
          {t('find')}
        </Button>
      </Stack>
      {found.isError && <Alert severity="error">{found.error.message}</Alert>}
      {q ? (
        <RoomGrid
          label={t('results', { q })}
          rows={found.data}
          columns={columns}
          loading={found.isPending}
          grid={grid}
        />
      ) : (
        <Typography color="text.secondary">{t('hint')}</Typography>
      )}
    </Box>
  );
}
