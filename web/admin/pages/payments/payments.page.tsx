import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '#common/payments.ts';
import { adminPath } from '#common/routes.ts';
import { adminPaymentsApi, type TPaymentListRow } from '#common/wire/admin/payments.ts';
import { useAdminData, useSiteName } from '#web/admin/admin-data.ts';
import { ServerTable, type TColumn } from '#web/admin/features/tables/server-table.tsx';
import { api } from '#web/lib/api.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';

type TQuery = { status: string; method: string; siteId: string; from: string; to: string };
const PAGE_SIZE = 25;

/** Payments (console): filtered by status, method, site and dates, newest first, paged on the server. */
export default function AdminPaymentsPage() {
  const { t, i18n } = useTranslation('admin');
  const { staff } = useAdminData();
  const siteName = useSiteName();
  const load = useAsyncAction();
  const [draft, setDraft] = useState<TQuery>({ status: '', method: '', siteId: '', from: '', to: '' });
  const [query, setQuery] = useState(draft);
  const [pageIndex, setPageIndex] = useState(0);
  const [page, setPage] = useState<{ rows: TPaymentListRow[]; total: number; more: boolean } | null>(null);
  useEffect(() => {
    setPage(null);
    void load.run(async () => {
      setPage(
        await api.call(adminPaymentsApi.list, {
          status: (query.status || undefined) as never,
          method: (query.method || undefined) as never,
          siteId: query.siteId ? Number(query.siteId) : undefined,
          from: query.from || undefined,
          to: query.to || undefined,
          page: pageIndex + 1,
          pageSize: PAGE_SIZE,
        }),
      );
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load.run is stable
  }, [query, pageIndex]);
  const columns = useMemo<TColumn<TPaymentListRow>[]>(
    () => [
      {
        header: t('payments.created'),
        id: 'created',
        cell: ({ row }) => (
          <Link to={adminPath('admin-payment', { paymentId: row.original.id })}>
            {new Date(row.original.createdAt).toLocaleString(i18n.language)}
          </Link>
        ),
      },
      {
        header: t('members.email'),
        id: 'email',
        cell: ({ row }) => <span className="text-break">{row.original.email}</span>,
      },
      { header: t('members.site'), id: 'site', cell: ({ row }) => siteName(row.original.siteId) },
      {
        header: t('payments.amount'),
        id: 'amount',
        cell: ({ row }) => `${(row.original.amountMinor / 100).toFixed(2)} ${row.original.currency}`,
      },
      { header: t('payments.method'), accessorKey: 'method' },
      { header: t('members.status'), id: 'status', cell: ({ row }) => t(`payments.statuses.${row.original.status}`) },
    ],
    [t, i18n.language, siteName],
  );
  const set = (name: keyof TQuery) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setDraft({ ...draft, [name]: e.target.value });
  const select = (name: 'status' | 'method' | 'siteId', options: { value: string; label: string }[]) => (
    <select id={`payments-${name}`} className="form-select form-select-sm" value={draft[name]} onChange={set(name)}>
      <option value="">{t('common.all')}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
  return (
    <>
      <title>{t('payments.title')}</title>
      <h1 className="h3 mb-3">{t('payments.title')}</h1>
      <form
        className="row g-2 align-items-end mb-3"
        aria-label={t('payments.filters')}
        onSubmit={(e) => {
          e.preventDefault();
          setPageIndex(0);
          setQuery(draft);
        }}
      >
        <div className="col-6 col-md-2">
          <label className="form-label small" htmlFor="payments-status">
            {t('members.status')}
          </label>
          {select(
            'status',
            PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`payments.statuses.${s}`) })),
          )}
        </div>
        <div className="col-6 col-md-2">
          <label className="form-label small" htmlFor="payments-method">
            {t('payments.method')}
          </label>
          {select(
            'method',
            PAYMENT_METHODS.map((m) => ({ value: m, label: m })),
          )}
        </div>
        <div className="col-6 col-md-2">
          <label className="form-label small" htmlFor="payments-siteId">
            {t('members.site')}
          </label>
          {select(
            'siteId',
            staff.sites.map((s) => ({ value: String(s.id), label: s.name })),
          )}
        </div>
        <div className="col-6 col-md-2">
          <label className="form-label small" htmlFor="payments-from">
            {t('payments.from')}
          </label>
          <input
            id="payments-from"
            type="date"
            className="form-control form-control-sm"
            value={draft.from}
            onChange={set('from')}
          />
        </div>
        <div className="col-6 col-md-2">
          <label className="form-label small" htmlFor="payments-to">
            {t('payments.to')}
          </label>
          <input
            id="payments-to"
            type="date"
            className="form-control form-control-sm"
            value={draft.to}
            onChange={set('to')}
          />
        </div>
        <div className="col-6 col-md-2">
          <button type="submit" className="btn btn-sm btn-primary w-100">
            {t('common.apply')}
          </button>
        </div>
      </form>
      {load.error ? (
        <div className="alert alert-danger" role="alert">
          {load.error}
        </div>
      ) : null}
      <ServerTable
        columns={columns}
        page={page}
        pageIndex={pageIndex}
        pageSize={PAGE_SIZE}
        onPage={setPageIndex}
        label={t('payments.title')}
      />
    </>
  );
}
