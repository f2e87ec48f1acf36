import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminPath } from '#common/routes.ts';
import { fictionalProfilesApi } from '#common/wire/admin/fictional-profiles.ts';
import { useSiteName } from '#web/admin/admin-data.ts';
import { LoadState } from '#web/admin/features/feedback/load-state.tsx';
import { FiltersForm, useFilters } from '#web/admin/features/forms/filters-form.tsx';
import { TextField } from '#web/admin/features/forms/text-field.tsx';
import { SiteSelect } from '#web/admin/features/forms/site-select.tsx';
import { Pager, pageCountOf } from '#web/admin/features/tables/pager.tsx';
import { usePagedQuery } from '#web/admin/features/tables/use-paged-query.ts';
import { api } from '#web/lib/api.ts';

/** Fictional profiles per site, by name: open one to edit it, or create a new one. */
export default function FictionalProfilesPage() {
  const { t } = useTranslation('admin');
  const siteName = useSiteName();
  const filters = useFilters({ siteId: '', q: '' });
  const profiles = usePagedQuery(filters.query, (query, pageIndex) =>
    api.call(fictionalProfilesApi.profiles, {
      siteId: query.siteId ? Number(query.siteId) : undefined,
      q: query.q || undefined,
      page: pageIndex + 1,
    }),
  );
  const list = profiles.data;
  const pages = list ? pageCountOf(list.total, list.pageSize) : 1;
  return (
    <>
      <title>{t('hosts.profiles_title')}</title>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">{t('hosts.profiles_title')}</h1>
        <Link className="btn btn-primary" to={adminPath('admin-hosts-profile')}>
          {t('hosts.new_profile')}
        </Link>
      </div>
      <FiltersForm label={t('hosts.filters')} onApply={filters.apply} buttonClassName="col-4 col-sm-3">
        <TextField
          id="profiles-q"
          className="col-12 col-sm-5"
          label={t('hosts.name')}
          value={filters.draft.q}
          onChange={filters.input('q')}
        />
        <SiteSelect
          id="profiles-site"
          className="col-8 col-sm-4"
          label={t('hosts.site')}
          value={filters.draft.siteId}
          onChange={filters.field('siteId')}
        />
      </FiltersForm>
      <LoadState
        error={profiles.error}
        onRetry={profiles.refresh}
        data={list}
        isEmpty={(l) => l.items.length === 0}
        empty={t('hosts.profiles_empty')}
      >
        {(l) => (
          <ul className="list-group mb-3">
            {l.items.map((p) => (
              <li key={p.id} className="list-group-item d-flex gap-3 align-items-center">
                {p.photo ? (
                  <img src={p.photo.thumb_filename} alt="" width={48} height={48} className="rounded" />
                ) : null}
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
      </LoadState>
      <Pager pageIndex={profiles.pageIndex} pageCount={pages} onPage={profiles.setPageIndex} />
    </>
  );
}
