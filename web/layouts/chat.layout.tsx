import { Outlet, useRouteError } from 'react-router';
import { ErrorView, errorStatus } from '../shell/error-view.tsx';
import { TopNav } from '../shell/top-nav.tsx';

/** Chat layout (spec §2): the navigation and a full-height conversation, no footer. */
export default function ChatLayout() {
  return (
    <div className="d-flex flex-column chat-shell">
      <TopNav />
      <main id="main" className="flex-grow-1 d-flex flex-column chat-screen" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
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
