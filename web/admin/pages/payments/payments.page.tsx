import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '#common/payments.ts';
import { adminPath } from '#common/routes.ts';
import { adminPaymentsApi, type TPaymentListRow } from '#common/wire/admin/payments.ts';
import { useSiteName } from '#web/admin/admin-data.ts';
import { FiltersForm, useFilters } from '#web/admin/features/forms/filters-form.tsx';
import { TextField } from '#web/admin/features/forms/text-field.tsx';
import { SelectField } from '#web/admin/features/forms/select-field.tsx';
import { SiteSelect } from '#web/admin/features/forms/site-select.tsx';
import { ServerTable, type TColumn } from '#web/admin/features/tables/server-table.tsx';
import { usePagedQuery } from '#web/admin/features/tables/use-paged-query.ts';
import { api } from '#web/lib/api.ts';

const PAGE_SIZE = 25;

/** Payments (console): filtered by status, method, site and dates, newest first, paged on the server. */
export default function AdminPaymentsPage() {
  const { t, i18n } = useTranslation('admin');
  const siteName = useSiteName();
  const filters = useFilters({ status: '', method: '', siteId: '', from: '', to: '' });
  const { draft } = filters;
  const list = usePagedQuery(filters.query, (query, pageIndex) =>
    api.call(adminPaymentsApi.list, {
      status: (query.status || undefined) as never,
      method: (query.method || undefined) as never,
      siteId: query.siteId ? Number(query.siteId) : undefined,
      from: query.from || undefined,
      to: query.to || undefined,
      page: pageIndex + 1,
      pageSize: PAGE_SIZE,
    }),
  );
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
  const dateField = (name: 'from' | 'to') => (
    <TextField
      id={`payments-${name}`}
      className="col-6 col-md-2"
      label={t(`payments.${name}`)}
      type="date"
      value={draft[name]}
      onChange={filters.input(name)}
    />
  );
  return (
    <>
      <title>{t('payments.title')}</title>
      <h1 className="h3 mb-3">{t('payments.title')}</h1>
      <FiltersForm label={t('payments.filters')} onApply={filters.apply} buttonClassName="col-6 col-md-2">
        <SelectField
          id="payments-status"
          className="col-6 col-md-2"
          label={t('members.status')}
          value={draft.status}
          onChange={filters.field('status')}
          all
          options={PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`payments.statuses.${s}`) }))}
        />
        <SelectField
          id="payments-method"
          className="col-6 col-md-2"
          label={t('payments.method')}
          value={draft.method}
          onChange={filters.field('method')}
          all
          options={PAYMENT_METHODS.map((m) => ({ value: m, label: m }))}
        />
        <SiteSelect
          id="payments-siteId"
          className="col-6 col-md-2"
          label={t('members.site')}
          value={draft.siteId}
          onChange={filters.field('siteId')}
        />
        {dateField('from')}
        {dateField('to')}
      </FiltersForm>
      <ServerTable
        columns={columns}
        page={list.data}
        pageIndex={list.pageIndex}
        pageSize={PAGE_SIZE}
        onPage={list.setPageIndex}
        label={t('payments.title')}
        error={list.error}
        onRetry={list.refresh}
      />
    </>
  );
}
