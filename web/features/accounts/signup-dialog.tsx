import type { KeyboardEvent, ReactNode } from 'react';
import { Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { TRootData } from '#web/lib/root-data.ts';
import { SignupForm } from './signup/signup-form.tsx';

/** What Tab can reach inside the modal. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, [tabindex="0"]';

/** Tab and Shift+Tab wrap around inside the modal instead of leaving it for the page behind. */
function keepTabInside(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Tab') return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent);
  if (items.length === 0) return;
  const [first, last] = [items[0], items[items.length - 1]];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * The signup modal's dialog: large, no header or footer; while signing up it ignores backdrop clicks and Escape (spec
 * §2). Its own chunk with the form and its validation, loaded when the modal first opens (issue 32).
 */
export default function SignupDialog({
  show,
  onClose,
  inProgress,
  onProgress,
  site,
  tracking,
  member,
  children,
}: {
  show: boolean;
  onClose: () => void;
  inProgress: boolean;
  onProgress: (inProgress: boolean) => void;
  site: TRootData['site'];
  tracking: Record<string, string>;
  member?: { id: number; name: string };
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const closed = site.signups !== 'all' && !(site.signups === 'with_trafficsource' && Object.keys(tracking).length > 0);
  return (
    <Modal
      show={show}
      onHide={onClose}
      size="lg"
      centered
      backdrop={inProgress ? 'static' : true}
      keyboard={!inProgress}
      aria-labelledby="signup-modal-title"
    >
      <Modal.Body className="p-4" onKeyDown={keepTabInside}>
        <div className="d-flex justify-content-between align-items-start mb-3">
          <h2 id="signup-modal-title" className="h4 mb-0">
            {t('signup.title')}
          </h2>
          <button type="button" className="btn-close" aria-label={t('common.close')} onClick={onClose} />
        </div>
        {children}
        {closed ? (
          <div className="alert alert-info" role="status">
            {site.signups === 'with_trafficsource'
              ? t('signup.invite_only', { site: site.name })
              : t('errors.signups_closed')}
          </div>
        ) : (
          <SignupForm minAge={site.minAge} tracking={tracking} member={member} onProgress={onProgress} />
        )}
      </Modal.Body>
    </Modal>
  );
}
