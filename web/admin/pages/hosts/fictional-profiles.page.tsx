import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminPath } from '#common/routes.ts';
import { fictionalProfilesApi, type TFictionalList } from '#common/wire/admin/fictional-profiles.ts';
import { useAdminData, useSiteName } from '#web/admin/admin-data.ts';
import { api } from '#web/lib/api.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';

/** Fictional profiles per site, by name: open one to edit it, or create a new one. */
export default function FictionalProfilesPage() {
  const { t } = useTranslation('admin');
  const { staff } = useAdminData();
  const siteName = useSiteName();
  const isHydrated = useHydrated();
  const load = useAsyncAction();
  const [draft, setDraft] = useState({ siteId: '', q: '' });
  const [filter, setFilter] = useState({ siteId: '', q: '' });
  const [page, setPage] = useState(1);
  const [list, setList] = useState<TFictionalList | null>(null);
  const refresh = useCallback(
    () =>
      void load.run(async () => {
        const query = { siteId: filter.siteId ? Number(filter.siteId) : undefined, q: filter.q || undefined, page };
        setList(await api.call(fictionalProfilesApi.profiles, query));
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load.run is stable
    [filter, page],
  );
  useEffect(refresh, [refresh]);
  const pages = list ? Math.max(1, Math.ceil(list.total / list.pageSize)) : 1;
  return (
    <>
      <title>{t('hosts.profiles_title')}</title>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">{t('hosts.profiles_title')}</h1>
        <Link className="btn btn-primary" to={adminPath('admin-hosts-profile')}>
          {t('hosts.new_profile')}
        </Link>
      </div>
      <form
        className="row g-2 align-items-end mb-3"
        aria-label={t('hosts.filters')}
        onSubmit={(e) => {
          e.preventDefault();
          setFilter(draft);
          setPage(1);
        }}
      >
        <div className="col-12 col-sm-5">
          <label className="form-label small" htmlFor="profiles-q">
            {t('hosts.name')}
          </label>
          <input
            id="profiles-q"
            className="form-control form-control-sm"
            value={draft.q}
            onChange={(e) => setDraft({ ...draft, q: e.target.value })}
          />
        </div>
        <div className="col-8 col-sm-4">
          <label className="form-label small" htmlFor="profiles-site">
            {t('hosts.site')}
          </label>
          <select
            id="profiles-site"
            className="form-select form-select-sm"
            value={draft.siteId}
            onChange={(e) => setDraft({ ...draft, siteId: e.target.value })}
          >
            <option value="">{t('common.all')}</option>
            {staff.sites.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div className="col-4 col-sm-3">
          <button type="submit" className="btn btn-sm btn-outline-primary w-100" disabled={!isHydrated}>
            {t('common.apply')}
          </button>
        </div>
      </form>
      {load.error ? (
        <div className="alert alert-danger" role="alert">
          {load.error}
        </div>
      ) : null}
      {list === null ? (
        <p role="status">{t('common.loading')}</p>
      ) : list.items.length === 0 ? (
        <p className="text-body-secondary">{t('hosts.profiles_empty')}</p>
      ) : (
        <ul className="list-group mb-3">
          {list.items.map((p) => (
            <li key={p.id} className="list-group-item d-flex gap-3 align-items-center">
              {p.photo ? <img src={p.photo.thumb_filename} alt="" width={48} height={48} className="rounded" /> : null}
              <div className="flex-grow-1" style={{ minWidth: 0 }}>
                <Link
                  className="fw-semibold stretched-link text-decoration-none"
                  to={adminPath('admin-hosts-profile', { profileId: p.id })}
                >
                  {p.name}
                </Link>
                <div className="small text-body-secondary text-truncate">
                  {[
                    p.age === null ? null : t('hosts.age', { age: p.age }),
                    p.city,
                    p.siteId === null ? t('hosts.every_site') : siteName(p.siteId),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </div>
              </div>
              {p.hidden ? <span className="badge text-bg-secondary">{t('hosts.hidden')}</span> : null}
              {p.waiting ? (
                <span className="badge text-bg-warning">{t('hosts.waiting_n', { n: p.waiting })}</span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav aria-label={t('hosts.pages')} className="d-flex gap-2 align-items-center">
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            disabled={!isHydrated || page <= 1}
            onClick={() => setPage(page - 1)}
          >
            {t('hosts.previous')}
          </button>
          <span className="small">{t('hosts.page_of', { page, pages })}</span>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            disabled={!isHydrated || page >= pages}
            onClick={() => setPage(page + 1)}
          >
            {t('hosts.next_page')}
          </button>
        </nav>
      ) : null}
    </>
  );
}
