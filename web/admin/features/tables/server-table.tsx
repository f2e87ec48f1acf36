import { flexRender, tableFeatures, useTable, type ColumnDef, type RowData } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { LoadState } from '#web/admin/features/feedback/load-state.tsx';
import { Pager, pageCountOf } from './pager.tsx';

/** The table features the console's lists use: the core only (rows, order and pages come from the server). */
export const TABLE_FEATURES = tableFeatures({});
/** A column of a console list. */
export type TColumn<T extends RowData> = ColumnDef<typeof TABLE_FEATURES, T>;

/** A table whose rows, order and pages come from the server (`@tanstack/react-table` in manual mode). */
export function ServerTable<T extends RowData>(props: {
  columns: TColumn<T>[];
  page: { rows: T[]; total: number; more: boolean } | null;
  pageIndex: number;
  pageSize: number;
  onPage: (pageIndex: number) => void;
  label: string;
  error?: string | null;
  onRetry?: () => void;
  emptyText?: string;
}) {
  const { t } = useTranslation('admin');
  const { page, pageIndex, pageSize, onPage } = props;
  const pageCount = page ? pageCountOf(page.total, pageSize) : 1;
  const table = useTable({ features: TABLE_FEATURES, data: page?.rows ?? [], columns: props.columns });
  return (
    <LoadState
      error={props.error}
      onRetry={props.onRetry}
      data={page}
      isEmpty={(p) => !p.rows.length}
      empty={props.emptyText}
    >
      {(shown) => (
        <>
          <div className="table-responsive">
            <table className="table table-sm align-middle bg-white" aria-label={props.label}>
              <thead className="text-nowrap">
                {table.getHeaderGroups().map((g) => (
                  <tr key={g.id}>
                    {g.headers.map((h) => (
                      <th key={h.id} scope="col">
                        {flexRender(h.column.columnDef.header, h.getContext())}
                      </th>
                    ))}
                  </tr>
                ))}
              </thead>
              <tbody>
                {table.getRowModel().rows.map((row) => (
                  <tr key={row.id}>
                    {row.getAllCells().map((cell) => (
                      <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            pageIndex={pageIndex}
            pageCount={pageCount}
            onPage={onPage}
            isAlwaysShown
            text={t(shown.more ? 'common.page_of_more' : 'common.page_of_total', {
              page: pageIndex + 1,
              pages: pageCount,
              total: shown.total,
            })}
          />
        </>
      )}
    </LoadState>
  );
}
