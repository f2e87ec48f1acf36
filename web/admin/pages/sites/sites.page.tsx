import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminPath } from '#common/routes.ts';
import type { TCompany, TSiteSettings } from '#common/site-fields.ts';
import { adminSitesApi } from '#common/wire/admin/sites.ts';
import { api } from '#web/lib/api.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { ErrorAlert } from '#web/admin/features/feedback/error-alert.tsx';
import { SimpleTable } from '#web/admin/features/tables/simple-table.tsx';
import { CompanyForm } from './company-form.tsx';

/**
 * Company and sites (admins). First run on a production database: no company yet, so step 1 is the company form;
 * then step 2 creates the first site (it becomes the default site that every host gets until more exist).
 */
export default function AdminSitesPage() {
  const { t } = useTranslation('admin');
  const load = useAsyncAction();
  const [companies, setCompanies] = useState<TCompany[] | null>(null);
  const [sites, setSites] = useState<TSiteSettings[] | null>(null);
  useEffect(() => {
    void load.run(async () => {
      const [c, s] = await Promise.all([api.call(adminSitesApi.companies), api.call(adminSitesApi.list)]);
      setCompanies(c.companies);
      setSites(s.sites);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load.run is stable
  }, []);
  if (load.error) return <ErrorAlert error={load.error} />;
  if (!companies || !sites) return <p role="status">{t('common.loading')}</p>;
  const company = companies[0] ?? null;
  const firstRun = !company || sites.length === 0;
  return (
    <>
      <title>{t('sites.title')}</title>
      <h1 className="h3 mb-3">{t('sites.title')}</h1>
      {firstRun ? (
        <div className="alert alert-info" role="note">
          <h2 className="h6">{t('sites.setup.title')}</h2>
          <ol className="mb-0">
            <li className={company ? 'text-decoration-line-through' : undefined}>{t('sites.setup.company')}</li>
            <li>{t('sites.setup.site')}</li>
          </ol>
        </div>
      ) : null}
      <section className="card mb-4" aria-labelledby="company-heading">
        <div className="card-body">
          <h2 className="h5 card-title" id="company-heading">
            {t('sites.company.title')}
          </h2>
          <CompanyForm
            key={company?.id ?? 'new'}
            company={company}
            onSaved={(c) => setCompanies(company ? companies.map((x) => (x.id === c.id ? c : x)) : [c])}
          />
        </div>
      </section>
      <section aria-labelledby="sites-heading">
        <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
          <h2 className="h5 mb-0" id="sites-heading">
            {t('sites.list.title')}
          </h2>
          {company ? (
            <Link className="btn btn-sm btn-primary" to={adminPath('admin-site', { new: '1' })}>
              {sites.length ? t('sites.list.new') : t('sites.setup.create_first')}
            </Link>
          ) : null}
        </div>
        {sites.length === 0 ? (
          <p className="text-body-secondary">{t('sites.list.empty')}</p>
        ) : (
          <SimpleTable
            label={t('sites.list.title')}
            head={[
              t('sites.field.name'),
              t('sites.field.domain'),
              t('sites.field.domain_language'),
              t('sites.field.signups'),
              { label: t('common.actions'), isHidden: true },
            ]}
          >
            {sites.map((s) => (
              <tr key={s.id}>
                <td>
                  {s.name}
                  {s.is_default ? (
                    <span className="badge text-bg-secondary ms-2">{t('sites.list.default')}</span>
                  ) : null}
                </td>
                <td className="text-break">{s.domain}</td>
                <td>{s.domain_language}</td>
                <td>{t(`sites.option.signups.${s.signups}`)}</td>
                <td className="text-end">
                  <Link
                    className="btn btn-sm btn-outline-primary"
                    to={adminPath('admin-site', { siteId: String(s.id) })}
                    aria-label={t('sites.list.edit', { name: s.name })}
                  >
                    {t('common.edit')}
                  </Link>
                </td>
              </tr>
            ))}
          </SimpleTable>
        )}
      </section>
    </>
  );
}
