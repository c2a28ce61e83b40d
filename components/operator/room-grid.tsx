'use client';

import { DataGrid, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import { useLocale } from 'next-intl';
import { gridLocaleText } from './grid-locale';
import { PAGE_SIZES, type useGridPage } from './use-grid-page';

/**
 * A room's table: the server's page (`rows` holds one row more than the page when another
 * follows), its page and size from the room's address, the grid's own texts in the staff member's
 * language. Sorting is the API's (each room says its order); filters are the room's own form.
 */
export function RoomGrid<R extends GridValidRowModel>({
  label,
  rows,
  columns,
  loading,
  grid,
}: {
  label: string;
  rows: R[] | undefined;
  columns: GridColDef<R>[];
  loading: boolean;
  grid: ReturnType<typeof useGridPage>;
}) {
  const locale = useLocale();
  const { page, pageSize, go } = grid;
  return (
    <DataGrid
      aria-label={label}
      rows={(rows ?? []).slice(0, pageSize)}
      columns={columns}
      loading={loading}
      getRowHeight={() => 'auto'}
      paginationMode="server"
      rowCount={-1}
      paginationMeta={{ hasNextPage: (rows?.length ?? 0) > pageSize }}
      paginationModel={{ page, pageSize }}
      onPaginationModelChange={(model) => go({ page: model.page, size: model.pageSize })}
      pageSizeOptions={PAGE_SIZES}
      disableRowSelectionOnClick
      disableColumnMenu
      // A page is at most 100 rows: all of them in the document, for assistive technology too.
      disableVirtualization
      localeText={gridLocaleText(locale)}
      sx={{ '& .MuiDataGrid-cell': { py: 1 } }}
    />
  );
}
