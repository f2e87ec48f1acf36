import { Outlet, useLoaderData, useRouteError } from 'react-router';
import { appContext } from '#web/lib/app-context.ts';
import { ErrorView, errorStatus } from '#web/shell/error-view.tsx';
import { adminCatalogue } from './catalogue.server.ts';
import { useAdminCatalogue } from './use-admin-catalogue.ts';
import type { Route } from './+types/admin-public.layout';

/** The console's pages before a session: login and enrolment (the console's catalogue, no navigation). */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  return { catalogue: await adminCatalogue(ctx.locale), loggedIn: ctx.staff !== null };
}

export function shouldRevalidate() {
  return false;
}

export default function AdminPublicLayout() {
  const data = useLoaderData<typeof loader>();
  useAdminCatalogue(data.catalogue);
  return (
    <main id="main" className="min-vh-100 bg-body-tertiary d-flex align-items-start justify-content-center p-3">
      <Outlet />
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
