import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useRouteError } from 'react-router';
import { ErrorView, errorStatus } from '../shell/error-view.tsx';
import { LanguageDropdown } from '../shell/language-dropdown.tsx';
import { SiteEntryWarning } from '../shell/site-entry-warning.tsx';
import { Disclaimer, SiteFooter } from '../shell/site-footer.tsx';
import { url } from '../lib/url.ts';
import { useRootData } from '../lib/use-root-data.ts';
import { BrandHeart } from '../components/brand-heart.tsx';

function LanderShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const root = useRootData();
  return (
    <div className="d-flex flex-column min-vh-100 lander">
      <header className="lander-bar bg-secondary py-2">
        <div className="container d-flex align-items-center justify-content-between">
          <Link
            to={url('index')}
            className="navbar-brand text-white fw-bold"
            aria-label={t('lander.home', { site: root?.site.name })}
          >
            <BrandHeart /> {root?.site.name}
          </Link>
          {/* The language changes in place (a cookie): the URL, and so the traffic source, stays as it is. */}
          <LanguageDropdown />
        </div>
      </header>
      <main id="main" className="page-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      <Disclaimer />
      <SiteEntryWarning restricted />
    </div>
  );
}

/** Lander layout: logo bar, footer, disclaimer, entry warning for NL and DE (spec §2). */
export default function LanderLayout() {
  return (
    <LanderShell>
      <Outlet />
    </LanderShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <LanderShell>
      <ErrorView status={errorStatus(error)} error={error} />
    </LanderShell>
  );
}
