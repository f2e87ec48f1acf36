import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ADMIN_ROUTES } from '#common/routes.ts';
import { roleAllowed } from '#common/staff.ts';
import { useAdminData } from '#web/admin/admin-data.ts';
import { ADMIN_SECTIONS } from '#web/admin/sections.ts';

/** The console's start: who is logged in, on which sites, and the sections of their role. */
export default function AdminHomePage() {
  const { t } = useTranslation('admin');
  const { staff } = useAdminData();
  const sections = ADMIN_SECTIONS.filter((s) => s.page !== 'admin' && roleAllowed(staff.role, s.access));
  return (
    <>
      <title>{t('home.title')}</title>
      <h1 className="h3 mb-3">{t('home.welcome', { name: staff.name })}</h1>
      <p className="text-body-secondary">
        {t('home.role', { role: t(`roles.${staff.role}`) })}{' '}
        {staff.siteIds === null
          ? t('home.all_sites')
          : t('home.some_sites', { sites: staff.sites.map((s) => s.name).join(', ') })}
      </p>
      {sections.length ? (
        <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-3">
          {sections.map((s) => (
            <div className="col" key={s.page}>
              <Link className="card h-100 text-decoration-none" to={ADMIN_ROUTES[s.page]}>
                <div className="card-body">
                  <h2 className="h5 card-title">{t(s.label)}</h2>
                </div>
              </Link>
            </div>
          ))}
        </div>
      ) : null}
    </>
  );
}
