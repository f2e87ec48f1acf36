import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MEMBER_SORTS, MEMBER_STATUSES, type TMemberSort } from '#common/member-admin.ts';
import { adminPath } from '#common/routes.ts';
import { adminMembersApi, type TMemberRow } from '#common/wire/admin/members.ts';
import { useSiteName } from '#web/admin/admin-data.ts';
import { FiltersForm, useFilters } from '#web/admin/features/forms/filters-form.tsx';
import { TextField } from '#web/admin/features/forms/text-field.tsx';
import { SelectField } from '#web/admin/features/forms/select-field.tsx';
import { SiteSelect } from '#web/admin/features/forms/site-select.tsx';
import { ServerTable, type TColumn } from '#web/admin/features/tables/server-table.tsx';
import { usePagedQuery } from '#web/admin/features/tables/use-paged-query.ts';
import { api } from '#web/lib/api.ts';

const PAGE_SIZE = 25;

/** Member look-up (console): search by email, name, profile id or payment id; filtered, sorted and paged on the server. */
export default function AdminMembersPage() {
  const { t, i18n } = useTranslation('admin');
  const siteName = useSiteName();
  const filters = useFilters({ q: '', siteId: '', status: '', sort: 'signup', dir: 'desc' });
  const { draft } = filters;
  const list = usePagedQuery(filters.query, (query, pageIndex) =>
    api.call(adminMembersApi.search, {
      q: query.q.trim() || undefined,
      siteId: query.siteId ? Number(query.siteId) : undefined,
      status: (query.status || undefined) as TMemberRow['status'] as never,
      sort: query.sort as TMemberSort,
      dir: query.dir as 'asc' | 'desc',
      page: pageIndex + 1,
      pageSize: PAGE_SIZE,
    }),
  );
  const columns = useMemo<TColumn<TMemberRow>[]>(
    () => [
      {
        header: t('members.member'),
        id: 'member',
        cell: ({ row }) => (
          <Link to={adminPath('admin-member', { userId: String(row.original.userId) })}>
            {row.original.name || '–'}
            <span className="d-block small text-body-secondary text-break">{row.original.email}</span>
          </Link>
        ),
      },
      { header: t('members.profile_id'), accessorKey: 'profileId' },
      { header: t('members.site'), id: 'site', cell: ({ row }) => siteName(row.original.siteId) },
      { header: t('members.status'), id: 'status', cell: ({ row }) => t(`members.statuses.${row.original.status}`) },
      { header: t('members.credits'), accessorKey: 'credits' },
      {
        header: t('members.signed_up'),
        id: 'signup',
        cell: ({ row }) => new Date(row.original.signupDate).toLocaleDateString(i18n.language),
      },
    ],
    [t, i18n.language, siteName],
  );
  return (
    <>
      <title>{t('members.title')}</title>
      <h1 className="h3 mb-3">{t('members.title')}</h1>
      <FiltersForm label={t('members.search')} onApply={filters.apply} isSearch buttonClassName="col-12 col-md-1">
        <TextField
          id="members-q"
          className="col-12 col-md-4"
          label={t('members.search')}
          value={draft.q}
          onChange={filters.input('q')}
        />
        <SiteSelect
          id="members-site"
          className="col-6 col-md-2"
          label={t('members.site')}
          value={draft.siteId}
          onChange={filters.field('siteId')}
        />
        <SelectField
          id="members-status"
          className="col-6 col-md-2"
          label={t('members.status')}
          value={draft.status}
          onChange={filters.field('status')}
          all
          options={MEMBER_STATUSES.map((s) => ({ value: s, label: t(`members.statuses.${s}`) }))}
        />
        <SelectField
          id="members-sort"
          className="col-6 col-md-2"
          label={t('members.sort')}
          value={draft.sort}
          onChange={filters.field('sort')}
          options={MEMBER_SORTS.map((s) => ({ value: s, label: t(`members.sorts.${s}`) }))}
        />
        <SelectField
          id="members-dir"
          className="col-6 col-md-1"
          label={t('members.order')}
          value={draft.dir}
          onChange={filters.field('dir')}
          options={[
            { value: 'desc', label: t('members.desc') },
            { value: 'asc', label: t('members.asc') },
          ]}
        />
      </FiltersForm>
      <ServerTable
        columns={columns}
        page={list.data}
        pageIndex={list.pageIndex}
        pageSize={PAGE_SIZE}
        onPage={list.setPageIndex}
        label={t('members.title')}
        error={list.error}
        onRetry={list.refresh}
      />
    </>
  );
}
