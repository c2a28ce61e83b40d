'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useCallback, useMemo, useState } from 'react';
import type { BookSettings, BookSettingsRow } from '@/lib/schemas/sportsbook';
import { useOperatorApi } from '../operator-api';
import { RoomGrid } from '../room-grid';
import { BookDialog } from './book-dialog';
import type { SettlementViewProps } from './settlement-room';

type Row = BookSettingsRow & { id: string };

const dollars = [
  'minStakeUsd',
  'maxStakeUsd',
  'maxPayoutUsd',
  'selectionLiabilityUsd',
  'playerEventLiabilityUsd',
] as const;

/**
 * The book's margin and limits per sport, pre-match and live, and who set them: each row edited
 * in a form; the change is audited, and a pre-match margin reprices the sport's markets at once.
 */
export function BookView({ grid, onDone, onError }: SettlementViewProps) {
  const t = useTranslations('backOffice.settlement');
  const format = useFormatter();
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Row | null>(null);
  const list = useQuery({
    queryKey: ['operator', 'sports-settings'],
    queryFn: () => api<BookSettingsRow[]>('/operator/sports/settings'),
  });
  const rows = useMemo(
    () => list.data?.map((r) => ({ ...r, id: `${r.sport}:${r.phase}` })),
    [list.data],
  );
  const name = useCallback(
    (r: BookSettingsRow) => ({ sport: t(`sports.${r.sport}`), phase: t(`phases.${r.phase}`) }),
    [t],
  );
  const save = useMutation({
    mutationFn: (a: { row: Row; settings: BookSettings }) =>
      api<BookSettingsRow>(`/operator/sports/settings/${a.row.sport}/${a.row.phase}`, {
        method: 'PUT',
        body: a.settings,
      }),
    onSuccess: (_answer, a) => onDone(t('done.bookSaved', name(a.row))),
    onError: (error) => onError(error.message),
    onSettled: () => {
      setEditing(null);
      return queryClient.invalidateQueries({ queryKey: ['operator'] });
    },
  });

  const columns = useMemo<GridColDef<Row>[]>(
    () => [
      {
        field: 'sport',
        headerName: t('bookColumns.sport'),
        minWidth: 150,
        flex: 1,
        sortable: false,
        valueGetter: (_value, row) => name(row).sport,
      },
      {
        field: 'phase',
        headerName: t('bookColumns.phase'),
        width: 110,
        sortable: false,
        valueGetter: (_value, row) => name(row).phase,
      },
      {
        field: 'margin',
        headerName: t('bookColumns.margin'),
        width: 90,
        sortable: false,
        valueGetter: (_value, row) =>
          format.number(row.settings.margin, { style: 'percent', maximumFractionDigits: 2 }),
      },
      ...dollars.map((field): GridColDef<Row> => ({
        field,
        headerName: t(`bookColumns.${field}`),
        width: 130,
        sortable: false,
        valueGetter: (_value, row) =>
          format.number(row.settings[field], { style: 'currency', currency: 'USD' }),
      })),
      {
        field: 'updatedBy',
        headerName: t('bookColumns.setBy'),
        width: 140,
        sortable: false,
        valueGetter: (_value, row) => row.updatedByName ?? row.updatedBy ?? t('bookDefault'),
      },
      {
        field: 'actions',
        headerName: t('columns.actions'),
        width: 110,
        sortable: false,
        renderCell: ({ row }) => (
          <Button
            size="small"
            variant="outlined"
            aria-label={t('actionFor.edit', name(row))}
            onClick={() => setEditing(row)}
          >
            {t('actions.edit')}
          </Button>
        ),
      },
    ],
    [t, format, name],
  );

  return (
    <>
      {list.isError && <Alert severity="error">{list.error.message}</Alert>}
      <RoomGrid
        label={t('bookGridLabel')}
        rows={rows}
        columns={columns}
        loading={list.isPending}
        grid={grid}
      />
      {editing && (
        <BookDialog
          title={t('ask.edit', name(editing))}
          settings={editing.settings}
          onCancel={() => setEditing(null)}
          onConfirm={(settings) =>
            save.mutateAsync({ row: editing, settings }).catch(() => undefined)
          }
        />
      )}
    </>
  );
}
