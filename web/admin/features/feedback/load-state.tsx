import { useTranslation } from 'react-i18next';
import { ErrorAlert } from './error-alert.tsx';

/**
 * The states of loaded data: the error (with a retry when given), "loading" until it is there, a localized empty
 * text when it holds nothing, else its content.
 */
export function LoadState<T>(props: {
  error: string | null | undefined;
  data: T | null;
  isEmpty?: (data: T) => boolean;
  empty?: string;
  onRetry?: () => void;
  children: (data: T) => React.ReactNode;
}) {
  const { t } = useTranslation('admin');
  const { error, data, isEmpty } = props;
  if (error) return <ErrorAlert error={error} onRetry={props.onRetry} />;
  if (data === null) return <p role="status">{t('common.loading')}</p>;
  if (isEmpty?.(data)) return <p className="text-body-secondary">{props.empty ?? t('common.empty')}</p>;
  return <>{props.children(data)}</>;
}
