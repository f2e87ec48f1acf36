import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '#web/components/lazy-dialog.tsx';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { useRootData } from '#web/lib/use-root-data.ts';
import type { TReportTarget } from './report-form-dialog.tsx';

/** The dialog, its form and its validation load when it first opens (issue 32). */
const ReportDialog = lazyDialog(() => import('./report-form-dialog.tsx'));

/** A button that opens the report dialog for a profile or one of its photos; shown to logged-in members only, never on their own profile. */
export function ReportButton({ className, ...target }: TReportTarget & { className?: string }) {
  const { t } = useTranslation();
  const user = useRootData()?.user;
  const [isOpen, setIsOpen] = useState(false);
  const isHydrated = useHydrated();
  if (!user || user.profile.id === target.profileId) return null;
  return (
    <>
      <button
        type="button"
        className={className ?? 'btn btn-outline-secondary btn-sm'}
        aria-haspopup="dialog"
        onClick={() => setIsOpen(true)}
        disabled={!isHydrated}
      >
        {target.photoId ? t('reports.button_photo') : t('reports.button')}
      </button>
      <ReportDialog {...target} show={isOpen} onHide={() => setIsOpen(false)} />
    </>
  );
}
