import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  data,
  isRouteErrorResponse,
  Link,
  Outlet,
  redirect,
  useLoaderData,
  useLocation,
  useNavigate,
  useRouteError,
} from 'react-router';
import { adminPath, ADMIN_ROUTES } from '#common/routes.ts';
import { roleAllowed, type TStaffRole } from '#common/staff.ts';
import { adminStaffApi } from '#common/wire/admin/staff.ts';
import { appContext } from '#web/lib/app-context.ts';
import { api } from '#web/lib/api.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { ErrorView, errorStatus } from '#web/shell/error-view.tsx';
import type { TAdminData } from './admin-data.ts';
import { adminCatalogue } from './catalogue.server.ts';
import { ADMIN_SECTIONS, sectionOf } from './sections.ts';
import { useAdminCatalogue } from './use-admin-catalogue.ts';
import type { Route } from './+types/admin.layout';

/** Console pages need a console session (else the console's login, and back afterwards). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  if (!ctx.staff) {
    const address = new URL(request.url);
    throw redirect(adminPath('admin-login', { redirect: address.pathname.replace(/\.data$/, '') + address.search }));
  }
  const { staff } = ctx;
  const sites = await ctx.services.staff.siteOptions(staff.siteIds);
  // A section the role may not use answers 403 with the console around a short explanation (its API calls would be
  // refused too: the server checks each of them).
  const section = sectionOf(new URL(request.url).pathname.replace(/\.data$/, ''));
  const catalogue = await adminCatalogue(ctx.locale);
  if (section !== undefined && !roleAllowed(staff.role, section.access)) {
    const refusal: TForbidden = { catalogue, role: staff.role };
    throw data(refusal, { status: 403 });
  }
  const answer: TAdminData = {
    catalogue,
    staff: { id: staff.id, name: staff.name, email: staff.email, role: staff.role, siteIds: staff.siteIds, sites },
  };
  return answer;
}

/** What a refused section's 403 carries: the console's catalogue and the role, for the explanation. */
type TForbidden = { catalogue: Record<string, unknown>; role: TStaffRole };

/** The explanation of a section the role may not open, with a way back to the console's home. */
function Forbidden({ refusal }: { refusal: TForbidden }) {
  useAdminCatalogue(refusal.catalogue);
  const { t } = useTranslation('admin');
  return (
    <main id="main" className="min-vh-100 bg-body-tertiary p-3 p-md-5">
      <div className="alert alert-warning mx-auto" role="alert" style={{ maxWidth: 640 }}>
        <h1 className="h4">{t('errors.forbidden_title')}</h1>
        <p>{t('errors.forbidden', { role: t(`roles.${refusal.role}`) })}</p>
        <a className="btn btn-outline-secondary" href={adminPath('admin')}>
          {t('nav.home')}
        </a>
      </div>
    </main>
  );
}

/** The staff member and catalogue hold for the visit; only whether the new section is allowed is asked again. */
export function shouldRevalidate({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }) {
  return currentUrl.pathname !== nextUrl.pathname;
}

/** The console's frame: a top bar, the sections this role may open, and the page. */
export default function AdminLayout() {
  const data = useLoaderData<typeof loader>();
  useAdminCatalogue(data.catalogue);
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const isHydrated = useHydrated();
  const [menuOpen, setMenuOpen] = useState(false);
  const sections = ADMIN_SECTIONS.filter((s) => roleAllowed(data.staff.role, s.access));
  // The section of this page: the longest section path it lies under (a page below another section's path).
  const current = sectionOf(pathname)?.page;
  const logout = async () => {
    await api.call(adminStaffApi.logout).catch(() => undefined);
    navigate(adminPath('admin-login'), { replace: true });
  };
  return (
    <div className="admin min-vh-100 d-flex flex-column bg-body-tertiary">
      <a className="visually-hidden-focusable position-absolute p-2 bg-white" href="#admin-main">
        {t('nav.skip')}
      </a>
      <header className="navbar navbar-dark bg-dark px-3 py-2 gap-2 flex-nowrap">
        <button
          type="button"
          className="btn btn-outline-light btn-sm d-md-none"
          aria-expanded={menuOpen}
          aria-controls="admin-nav"
          onClick={() => setMenuOpen((open) => !open)}
          disabled={!isHydrated}
        >
          {t('nav.menu')}
        </button>
        <span className="navbar-brand mb-0 h1 fs-5">{t('title')}</span>
        <span className="ms-auto text-light small text-truncate d-none d-sm-inline" style={{ maxWidth: '40vw' }}>
          {data.staff.name} · {t(`roles.${data.staff.role}`)}
        </span>
        <button
          type="button"
          className="btn btn-outline-light btn-sm ms-auto ms-sm-0"
          onClick={logout}
          disabled={!isHydrated}
        >
          {t('nav.logout')}
        </button>
      </header>
      <div className="d-md-flex flex-grow-1">
        <nav
          id="admin-nav"
          aria-label={t('nav.label')}
          className={`admin-nav bg-white border-end p-2 ${menuOpen ? 'd-block' : 'd-none'} d-md-block`}
          style={{ minWidth: 200 }}
        >
          <ul className="nav nav-pills flex-column gap-1">
            {sections.map((s) => (
              <li className="nav-item" key={s.page}>
                <Link
                  to={ADMIN_ROUTES[s.page]}
                  className={`nav-link${s.page === current ? ' active' : ''}`}
                  aria-current={s.page === current ? 'page' : undefined}
                  onClick={() => setMenuOpen(false)}
                >
                  {t(s.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <main id="admin-main" className="flex-grow-1 p-3 p-md-4" style={{ minWidth: 0 }} key={pathname}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403 && error.data?.catalogue)
    return <Forbidden refusal={error.data as TForbidden} />;
  return (
    <main id="main" className="min-vh-100">
      <ErrorView status={errorStatus(error)} error={error} />
    </main>
  );
}
