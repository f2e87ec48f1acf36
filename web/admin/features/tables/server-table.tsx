import { flexRender, tableFeatures, useTable, type ColumnDef, type RowData } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';

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
}) {
  const { t } = useTranslation('admin');
  const { page, pageIndex, pageSize, onPage } = props;
  const pageCount = page ? Math.max(1, Math.ceil(page.total / pageSize)) : 1;
  const table = useTable({ features: TABLE_FEATURES, data: page?.rows ?? [], columns: props.columns });
  if (!page) return <p role="status">{t('common.loading')}</p>;
  if (!page.rows.length) return <p className="text-body-secondary">{t('members.empty')}</p>;
  return (
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
      <nav className="d-flex align-items-center gap-2" aria-label={t('members.pages')}>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          disabled={pageIndex === 0}
          onClick={() => onPage(pageIndex - 1)}
        >
          {t('members.previous')}
        </button>
        <span className="small" aria-live="polite">
          {t(page.more ? 'members.page_of_more' : 'members.page_of', {
            page: pageIndex + 1,
            pages: pageCount,
            total: page.total,
          })}
        </span>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          disabled={pageIndex + 1 >= pageCount}
          onClick={() => onPage(pageIndex + 1)}
        >
          {t('members.next')}
        </button>
      </nav>
    </>
  );
}
