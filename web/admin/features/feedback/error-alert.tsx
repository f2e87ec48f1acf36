import { useTranslation } from 'react-i18next';

/** A failed load or action as a danger alert (nothing when there is no error), with a retry button when given one. */
export function ErrorAlert({ error, onRetry }: { error: string | null | undefined; onRetry?: () => void }) {
  const { t } = useTranslation('admin');
  if (!error) return null;
  return (
    <div className="alert alert-danger" role="alert">
      {error}
      {onRetry ? (
        <>
          {' '}
          <button type="button" className="btn btn-link p-0 align-baseline" onClick={onRetry}>
            {t('common.retry')}
          </button>
        </>
      ) : null}
    </div>
  );
}
