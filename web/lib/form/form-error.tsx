import { useTranslation } from 'react-i18next';

/** A translated error from an action's `{ error, data }` answer, announced to screen readers. */
export function FormError({ error }: { error?: { code: string; data?: Record<string, unknown> } | null }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <div className="alert alert-danger" role="alert">
      {t(`errors.${error.code}`, error.data ?? {})}
    </div>
  );
}
