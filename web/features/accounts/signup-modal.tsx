import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useState,
  useSyncExternalStore,
} from 'react';
import { Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { TRACKING_KEYS } from '#common/constants.ts';
import { url } from '#web/lib/url.ts';
import { useRootData } from '#web/lib/use-root-data.ts';
import { SignupForm } from './signup/signup-form.tsx';

let open = false;
const listeners = new Set<() => void>();
function setOpen(value: boolean) {
  open = value;
  for (const l of listeners) l();
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** True on a smartphone-sized screen, where signup is a page instead of a modal (spec §2). */
function isSmartphone(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(max-width: 575.98px)').matches;
}

/** Opens the signup modal, or the signup page on a smartphone; usable as a link's click handler. */
export function useOpenSignup(): (event?: MouseEvent) => void {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(
    (event?: MouseEvent) => {
      event?.preventDefault();
      if (isSmartphone()) void navigate(`${url('signup')}${search}`);
      else setOpen(true);
    },
    [navigate, search],
  );
}

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

/** The signup modal: large, no header or footer; while signing up it ignores backdrop clicks and Escape (spec §2). */
export function SignupModal({
  initiallyOpen = false,
  member,
  children,
}: {
  initiallyOpen?: boolean;
  /** The member signed up for (member signup page), passed to the form for the first message. */
  member?: { id: number; name: string };
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const root = useRootData();
  const { search } = useLocation();
  const [first, setFirst] = useState(initiallyOpen);
  const isOpen = useSyncExternalStore(
    subscribe,
    () => open || first,
    () => first,
  );
  const [inProgress, setInProgress] = useState(false);
  if (!root || (root.user && !inProgress && !isOpen)) return null;
  const query = new URLSearchParams(search);
  const tracking = Object.fromEntries(TRACKING_KEYS.filter((k) => query.get(k)).map((k) => [k, query.get(k)!]));
  const closed =
    root.site.signups !== 'all' && !(root.site.signups === 'with_trafficsource' && Object.keys(tracking).length > 0);
  const close = () => {
    setFirst(false);
    setOpen(false);
  };
  return (
    <Modal
      show={isOpen}
      onHide={close}
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
          <button type="button" className="btn-close" aria-label={t('common.close')} onClick={close} />
        </div>
        {children}
        {closed ? (
          <div className="alert alert-info" role="status">
            {root.site.signups === 'with_trafficsource'
              ? t('signup.invite_only', { site: root.site.name })
              : t('errors.signups_closed')}
          </div>
        ) : (
          <SignupForm minAge={root.site.minAge} tracking={tracking} member={member} onProgress={setInProgress} />
        )}
      </Modal.Body>
    </Modal>
  );
}
