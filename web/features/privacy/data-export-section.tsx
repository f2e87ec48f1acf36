import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TDataExport } from '#common/wire/data-export.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { useRootData } from '#web/lib/use-root-data.ts';
import { dataExportDownloadUrl, fetchDataExport, requestDataExport } from './data-export.api.ts';

/** How often a pending archive's state is asked for again. */
const POLL_MS = 3000;

/** A file size in the member's language (kB under 1 MB, else MB). */
function formatSize(bytes: number, locale: string): string {
  const mb = bytes >= 1_000_000;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: mb ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: 1,
  }).format(mb ? bytes / 1_000_000 : Math.max(bytes / 1000, 0.1));
}

/**
 * Settings card "Download my data" (GDPR Art. 15 and 20): asks for an archive, shows it being built
 * (polled every few seconds), then the download link with its size and the date it is deleted; expired and failed
 * archives offer a new one. The emailed link leads here (`/settings#data-export`).
 */
export function DataExportSection() {
  const { t } = useTranslation();
  const locale = useRootData()?.locale ?? 'en';
  const isHydrated = useHydrated();
  // undefined: not loaded yet; null: never asked for.
  const [current, setCurrent] = useState<TDataExport | null | undefined>(undefined);
  const { run, busy, error, setError } = useAsyncAction();
  const status = current?.status;

  useEffect(() => {
    fetchDataExport().then(setCurrent, () => setError(t('errors.error_occurred')));
  }, [t, setError]);

  useEffect(() => {
    if (status !== 'pending') return;
    const timer = setTimeout(() => {
      fetchDataExport().then(setCurrent, () => setCurrent((c) => (c ? { ...c } : c)));
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [status, current]);

  const ask = () => run(async () => setCurrent(await requestDataExport()));
  const date = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso)) : '';

  const askButton = (label: string, primary: boolean) => (
    <button
      type="button"
      className={`btn ${primary ? 'btn-primary' : 'btn-outline-secondary'} align-self-start`}
      disabled={busy || !isHydrated || current === undefined}
      onClick={() => void ask()}
    >
      {label}
    </button>
  );

  return (
    <section id="data-export" className="card card-body mb-4" aria-labelledby="settings-data-export">
      <h2 id="settings-data-export" className="h5">
        {t('privacy_export.title')}
      </h2>
      <p className="small text-body-secondary">{t('privacy_export.intro')}</p>
      <div aria-live="polite">
        {current === undefined && !error ? <p className="text-body-secondary mb-0">{t('common.loading')}</p> : null}
        {status === 'pending' ? (
          <div className="d-flex align-items-start gap-2" role="status">
            <span className="spinner-border spinner-border-sm flex-shrink-0 mt-1" aria-hidden="true" />
            <span>{t('privacy_export.pending')}</span>
          </div>
        ) : null}
        {status === 'ready' && current ? (
          <div className="d-flex flex-column gap-2">
            <p className="mb-0">{t('privacy_export.ready', { size: formatSize(current.size_bytes ?? 0, locale) })}</p>
            <a className="btn btn-primary align-self-start" href={dataExportDownloadUrl(current.id)} download>
              {t('privacy_export.download')}
            </a>
            <p className="small text-body-secondary mb-0">
              {t('privacy_export.available_until', { date: date(current.expires_at) })}
            </p>
          </div>
        ) : null}
        {status === 'expired' ? <p>{t('privacy_export.expired')}</p> : null}
        {status === 'failed' ? (
          <p className="text-danger" role="alert">
            {t('privacy_export.failed')}
          </p>
        ) : null}
      </div>
      {current === null ? askButton(t('privacy_export.request'), true) : null}
      {status === 'expired' || status === 'failed' ? askButton(t('privacy_export.request_again'), true) : null}
      {error ? (
        <div className="alert alert-danger mt-3 mb-0" role="alert">
          {error}
        </div>
      ) : null}
    </section>
  );
}
