'use client';

import Alert from '@mui/material/Alert';
import type { GridColDef } from '@mui/x-data-grid';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { approvalStatuses, type Approval } from '@/lib/schemas/risk';
import { FilterSelect } from '../filter-select';
import { useOperatorApi } from '../operator-api';
import { RoomGrid } from '../room-grid';
import type { RiskViewProps } from './risk-room';
import { useStaff } from '../use-staff';
import { ApprovalActions } from './approval-actions';
import { describeRequest } from './describe-request';

/** Requests for a second pair of eyes, pending ones first in line (oldest first). */
export function ApprovalsView({ grid, onDone, onError }: RiskViewProps) {
  const t = useTranslations('backOffice.risk');
  const format = useFormatter();
  const api = useOperatorApi();
  const me = useStaff().data;
  const { params, page, pageSize, go } = grid;
  const asked = params.get('status');
  const status = approvalStatuses.find((s) => s === asked) ?? 'pending';
  const list = useQuery({
    queryKey: ['operator', 'approvals', status, page, pageSize],
    queryFn: () =>
      api<Approval[]>(
        `/operator/approvals?status=${status}&offset=${page * pageSize}&limit=${pageSize + 1}`,
      ),
    refetchInterval: 10_000,
    placeholderData: keepPreviousData,
  });
  const mine = me?.id ? `staff:${me.id}` : null;

  const columns = useMemo<GridColDef<Approval>[]>(
    () => [
      {
        field: 'createdAt',
        headerName: t('columns.requested'),
        width: 160,
        sortable: false,
        valueFormatter: (value: string) =>
          format.dateTime(new Date(value), { dateStyle: 'short', timeStyle: 'short' }),
      },
      {
        field: 'username',
        headerName: t('columns.player'),
        minWidth: 130,
        sortable: false,
      },
      {
        field: 'payload',
        headerName: t('columns.request'),
        minWidth: 220,
        flex: 1,
        sortable: false,
        valueGetter: (_value, row) => describeRequest(row, t),
      },
      {
        field: 'usd',
        headerName: t('columns.usd'),
        width: 110,
        sortable: false,
        valueFormatter: (value: string | null) =>
          value === null
            ? '—'
            : format.number(Number(value), { style: 'currency', currency: 'USD' }),
      },
      {
        field: 'requestedByName',
        headerName: t('columns.requestedBy'),
        minWidth: 130,
        sortable: false,
        valueGetter: (_value, row) => row.requestedByName ?? row.requestedBy,
      },
      ...(status === 'pending'
        ? [
            {
              field: 'actions',
              headerName: t('columns.actions'),
              minWidth: 220,
              sortable: false,
              renderCell: ({ row }) => (
                <ApprovalActions
                  approval={row}
                  own={row.requestedBy === mine}
                  onDone={onDone}
                  onError={onError}
                />
              ),
            } satisfies GridColDef<Approval>,
          ]
        : [
            {
              field: 'note',
              headerName: t('columns.note'),
              minWidth: 160,
              flex: 1,
              sortable: false,
            } satisfies GridColDef<Approval>,
          ]),
    ],
    [t, format, status, mine, onDone, onError],
  );

  return (
    <>
      <FilterSelect
        label={t('status')}
        value={status}
        options={approvalStatuses}
        optionLabel={(s) => t(`approvalStatus.${s}`)}
        onChange={(value) => go({ status: value })}
        sx={{ mb: 1, minWidth: 200 }}
      />
      {list.isError && <Alert severity="error">{list.error.message}</Alert>}
      <RoomGrid
        label={t('approvalsOf', { status: t(`approvalStatus.${status}`) })}
        rows={list.data}
        columns={columns}
        loading={list.isPending}
        grid={grid}
      />
    </>
  );
}
