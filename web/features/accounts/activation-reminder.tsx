import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches, useSearchParams } from 'react-router';
import type { TUser } from '#common/wire/user.ts';
import { lazyDialog } from '#web/components/lazy-dialog.tsx';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { resendActivation } from './accounts.api.ts';

/** The phone's modal form of the reminder loads only when it is shown (issue 32). */
const ReminderDialog = lazyDialog(() => import('./activation-reminder-dialog.tsx'));

/** Routes where the activation reminder is not shown (spec §4). */
const HIDDEN_ON = new Set(['signup', 'settings', 'notifications']);

/** Whether a member gets the activation reminder (spec §4): not confirmed, disabled profile, no disabled notifications. */
export function needsActivationReminder(user: TUser | null, routeId: string): user is TUser {
  return Boolean(
    user &&
    user.status === 'not_confirmed' &&
    user.profile.status === 'disabled' &&
    user.notifications_disabled.length === 0 &&
    !HIDDEN_ON.has(routeId),
  );
}

/** The activation reminder: a modal on smartphones arriving with `api_signup_complete`, otherwise an alert. */
export function ActivationReminder({ user }: { user: TUser | null }) {
  const { t } = useTranslation();
  const matches = useMatches();
  const [params] = useSearchParams();
  const [sent, setSent] = useState(false);
  const { run, busy, error } = useAsyncAction();
  const [asModal, setAsModal] = useState(false);
  const [modalOpen, setModalOpen] = useState(true);
  const isHydrated = useHydrated();
  const routeId = matches[matches.length - 1]?.id ?? '';
  useEffect(() => {
    setAsModal(params.has('api_signup_complete') && window.matchMedia('(max-width: 575.98px)').matches);
  }, [params]);
  if (!needsActivationReminder(user, routeId)) return null;
  const resend = () =>
    void run(async () => {
      await resendActivation();
      setSent(true);
    });
  const body = (
    <>
      <p className="mb-2">{t('alerts.activation.text', { email: user.email })}</p>
      {sent ? (
        <p className="mb-0 fw-semibold" role="status">
          {t('alerts.activation.sent')}
        </p>
      ) : (
        <button type="button" className="btn btn-sm btn-outline-dark" onClick={resend} disabled={busy || !isHydrated}>
          {t('alerts.activation.resend')}
        </button>
      )}
      {error ? (
        <p className="text-danger small mt-2 mb-0" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
  if (asModal) {
    return (
      <ReminderDialog show={modalOpen} onHide={() => setModalOpen(false)}>
        {body}
      </ReminderDialog>
    );
  }
  return (
    <div className="alert alert-warning" role="status">
      {body}
    </div>
  );
}
