import { Outlet, useRouteError } from 'react-router';
import { ErrorView, errorStatus } from '../shell/error-view.tsx';
import { SiteEntryWarning } from '../shell/site-entry-warning.tsx';

/** Empty layout: the page, the entry warning for NL and DE, and the page's signup modal (spec §2). */
export default function EmptyLayout() {
  return (
    <main id="main" className="min-vh-100">
      <Outlet />
      <SiteEntryWarning restricted />
    </main>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <main id="main" className="min-vh-100">
      <ErrorView status={errorStatus(error)} error={error} />
    </main>
  );
}
