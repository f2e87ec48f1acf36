import { Component, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse } from 'react-router';
import { isChunkLoadError, reloadForChunkError } from '../lib/chunk-reload.ts';
import { PageTitle } from '../components/page-title.tsx';

/** HTTP status of a route error: the response's status, else 500 (spec §2). */
export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** The message a route error carries, when it carries a displayable one. */
function errorMessage(error: unknown): string | null {
  if (isRouteErrorResponse(error)) return typeof error.data === 'string' && error.data ? error.data : null;
  return null;
}

function ErrorContent({ status, error }: { status: number; error: unknown }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (isChunkLoadError(error)) reloadForChunkError();
  }, [error]);
  const notFound = status === 404;
  // 429: a page read past its budget (scraping) asks a person to slow down.
  const message = notFound
    ? t('error.not_found')
    : status === 429
      ? t('error.slow_down')
      : (errorMessage(error) ?? t('error.title'));
  return (
    <section className="container py-5 text-center error-page" aria-labelledby="error-title">
      <PageTitle title={message} />
      <p className="display-1 fw-bold text-primary mb-2">{status}</p>
      <h1 id="error-title" className="h3 mb-4">
        {message}
      </h1>
      {notFound ? (
        <a className="btn btn-primary" href="/">
          {t('error.back_home')}
        </a>
      ) : (
        <a className="btn btn-outline-secondary" href="/">
          {t('error.back_home')}
        </a>
      )}
    </section>
  );
}

class ErrorPageGuard extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function ErrorPageFailed() {
  const { t } = useTranslation();
  let text = 'An error occurred while showing the error page';
  let home = 'Back to the home page';
  try {
    text = t('error.error_page_failed');
    home = t('error.back_home');
  } catch {
    // The translation itself may be what failed; the English texts above are the last resort.
  }
  return (
    <section className="container py-5 text-center">
      <h1 className="h4">{text}</h1>
      <a href="/">{home}</a>
    </section>
  );
}

/** The error page of spec §2/§8, guarded so a failure while showing it shows a safe fallback. */
export function ErrorView({ status, error }: { status: number; error: unknown }) {
  return (
    <ErrorPageGuard fallback={<ErrorPageFailed />}>
      <ErrorContent status={status} error={error} />
    </ErrorPageGuard>
  );
}
