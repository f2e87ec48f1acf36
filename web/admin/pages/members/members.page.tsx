import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MEMBER_SORTS, MEMBER_STATUSES, type TMemberSort } from '#common/member-admin.ts';
import { adminPath } from '#common/routes.ts';
import { adminMembersApi, type TMemberRow } from '#common/wire/admin/members.ts';
import { useAdminData, useSiteName } from '#web/admin/admin-data.ts';
import { ServerTable, type TColumn } from '#web/admin/features/tables/server-table.tsx';
import { api } from '#web/lib/api.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';

type TQuery = { q: string; siteId: string; status: string; sort: TMemberSort; dir: 'asc' | 'desc' };
const PAGE_SIZE = 25;

/** Member look-up (console): search by email, name, profile id or payment id; filtered, sorted and paged on the server. */
export default function AdminMembersPage() {
  const { t, i18n } = useTranslation('admin');
  const { staff } = useAdminData();
  const siteName = useSiteName();
  const load = useAsyncAction();
  const [draft, setDraft] = useState<TQuery>({ q: '', siteId: '', status: '', sort: 'signup', dir: 'desc' });
  const [query, setQuery] = useState(draft);
  const [pageIndex, setPageIndex] = useState(0);
  const [page, setPage] = useState<{ rows: TMemberRow[]; total: number; more: boolean } | null>(null);
  useEffect(() => {
    setPage(null);
    void load.run(async () => {
      const answer = await api.call(adminMembersApi.search, {
        q: query.q.trim() || undefined,
        siteId: query.siteId ? Number(query.siteId) : undefined,
        status: (query.status || undefined) as TMemberRow['status'] as never,
        sort: query.sort,
        dir: query.dir,
        page: pageIndex + 1,
        pageSize: PAGE_SIZE,
      });
      setPage(answer);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load.run is stable
  }, [query, pageIndex]);
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
  const set = (name: keyof TQuery) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setDraft({ ...draft, [name]: e.target.value });
  return (
    <>
      <title>{t('members.title')}</title>
      <h1 className="h3 mb-3">{t('members.title')}</h1>
      <form
        className="row g-2 align-items-end mb-3"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setPageIndex(0);
          setQuery(draft);
        }}
      >
        <div className="col-12 col-md-4">
          <label className="form-label small" htmlFor="members-q">
            {t('members.search')}
          </label>
          <input id="members-q" className="form-control form-control-sm" value={draft.q} onChange={set('q')} />
        </div>
        <div className="col-6 col-md-2">
          <label className="form-label small" htmlFor="members-site">
            {t('members.site')}
          </label>
          <select
            id="members-site"
            className="form-select form-select-sm"
            value={draft.siteId}
            onChange={set('siteId')}
          >
            <option value="">{t('common.all')}</option>
            {staff.sites.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md-2">
          <label className="form-label small" htmlFor="members-status">
            {t('members.status')}
          </label>
          <select
            id="members-status"
            className="form-select form-select-sm"
            value={draft.status}
            onChange={set('status')}
          >
            <option value="">{t('common.all')}</option>
            {MEMBER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`members.statuses.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md-2">
          <label className="form-label small" htmlFor="members-sort">
            {t('members.sort')}
          </label>
          <select id="members-sort" className="form-select form-select-sm" value={draft.sort} onChange={set('sort')}>
            {MEMBER_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`members.sorts.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md-1">
          <label className="form-label small" htmlFor="members-dir">
            {t('members.order')}
          </label>
          <select id="members-dir" className="form-select form-select-sm" value={draft.dir} onChange={set('dir')}>
            <option value="desc">{t('members.desc')}</option>
            <option value="asc">{t('members.asc')}</option>
          </select>
        </div>
        <div className="col-12 col-md-1">
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
        label={t('members.title')}
      />
    </>
  );
}
