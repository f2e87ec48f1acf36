import {
  lazy,
  type MouseEvent,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { TRACKING_KEYS } from '#common/constants.ts';
import { url } from '#web/lib/url.ts';
import { useRootData } from '#web/lib/use-root-data.ts';

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

const loadDialog = () => import('./signup-dialog.tsx');
const SignupDialog = lazy(loadDialog);

/**
 * The signup modal (spec §2). The dialog, the form and its validation are a chunk of their own: not part of what a
 * page loads before it is interactive, fetched while the browser is idle after hydration on screens where the modal
 * is used (not on phones) and at the latest when it opens (issue 32).
 */
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
  const root = useRootData();
  const { search } = useLocation();
  const [first, setFirst] = useState(initiallyOpen);
  const isOpen = useSyncExternalStore(
    subscribe,
    () => open || first,
    () => first,
  );
  const [inProgress, setInProgress] = useState(false);
  // Once opened the dialog stays mounted, so closing it animates and a second opening is instant.
  const [wanted, setWanted] = useState(isOpen);
  if (isOpen && !wanted) setWanted(true);
  const visitor = !root?.user;
  useEffect(() => {
    // A phone opens the signup page, never this dialog: fetching and evaluating its chunk there would only add a long
    // task after hydration (Lighthouse on /: TBT 314 → 97 ms without it).
    if (!visitor || isSmartphone()) return;
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 2000));
    idle(() => void loadDialog());
  }, [visitor]);
  if (!root || (root.user && !inProgress && !isOpen)) return null;
  if (!wanted) return null;
  const query = new URLSearchParams(search);
  const tracking = Object.fromEntries(TRACKING_KEYS.filter((k) => query.get(k)).map((k) => [k, query.get(k)!]));
  const close = () => {
    setFirst(false);
    setOpen(false);
  };
  return (
    <Suspense fallback={null}>
      <SignupDialog
        show={isOpen}
        onClose={close}
        inProgress={inProgress}
        onProgress={setInProgress}
        site={root.site}
        tracking={tracking}
        member={member}
      >
        {children}
      </SignupDialog>
    </Suspense>
  );
}
