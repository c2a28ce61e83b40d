'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { auditFilterSchema, operatorRoles, type AuditEntry } from '@/lib/schemas/operator';
import { useOperatorApi } from '../operator-api';
import { RoomGrid } from '../room-grid';
import { useGridPage } from '../use-grid-page';
import { AuditFilters, auditFilterFields } from './audit-filters';

/** A change as the trail stored it: compact JSON, drawn as text. */
const shown = (value: unknown) => (value === null ? '—' : JSON.stringify(value));

/** The audit room: every operator action, newest first, filtered from the address. */
export function AuditRoom() {
  const t = useTranslations('backOffice.audit');
  const roleName = useTranslations('backOffice.roles');
  const format = useFormatter();
  const api = useOperatorApi();
  const grid = useGridPage();
  const { params, page, pageSize, go } = grid;
  // Only what the schema accepts reaches the API: a hand-edited address shows everything instead.
  const parsed = auditFilterSchema.safeParse(
    Object.fromEntries(
      auditFilterFields.flatMap((f) => (params.get(f) ? [[f, params.get(f)]] : [])),
    ),
  );
  const filter = parsed.success ? parsed.data : {};
  const query = new URLSearchParams({
    ...Object.fromEntries(Object.entries(filter).filter(([, v]) => v)),
    offset: String(page * pageSize),
    limit: String(pageSize + 1),
  });
  const log = useQuery({
    queryKey: ['operator', 'audit', query.toString()],
    queryFn: () => api<AuditEntry[]>(`/operator/audit?${query}`),
    placeholderData: keepPreviousData,
  });

  const columns = useMemo<GridColDef<AuditEntry>[]>(
    () => [
      {
        field: 'createdAt',
        headerName: t('columns.time'),
        width: 170,
        sortable: false,
        valueFormatter: (value: string) =>
          format.dateTime(new Date(value), { dateStyle: 'short', timeStyle: 'medium' }),
      },
      {
        field: 'actor',
        headerName: t('columns.actor'),
        minWidth: 160,
        sortable: false,
        valueGetter: (_value, row) => {
          const role = operatorRoles.find((r) => r === row.role);
          return `${row.actorName ?? row.actor} (${role ? roleName(role) : row.role})`;
        },
      },
      { field: 'action', headerName: t('columns.action'), minWidth: 170, sortable: false },
      { field: 'target', headerName: t('columns.target'), minWidth: 200, flex: 1, sortable: false },
      {
        field: 'change',
        headerName: t('columns.change'),
        minWidth: 260,
        flex: 2,
        sortable: false,
        renderCell: ({ row }) => (
          <Box
            component="span"
            sx={{
              fontFamily: 'monospace',
              fontSize: 12,
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-word',
            }}
          >
            {`${shown(row.before)} → ${shown(row.after)}`}
          </Box>
        ),
      },
    ],
    [t, roleName, format],
  );

  return (
    <Box sx={{ p: { xs: 1, md: 3 }, width: '100%', minWidth: 0 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      <AuditFilters current={filter} onApply={(values) => go(values)} />
      {log.isError && <Alert severity="error">{log.error.message}</Alert>}
      <RoomGrid
        label={t('title')}
        rows={log.data}
        columns={columns}
        loading={log.isPending}
        grid={grid}
      />
    </Box>
  );
}
