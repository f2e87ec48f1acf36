import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { disablePush, enablePush, type TPushState } from './push.ts';

type TPushStatus = { kind: 'success' | 'danger' | 'info'; text: string };

/**
 * Enable and disable push from a button, with a busy flag and the outcome to announce (shared by the notifications
 * page and the push prompt alert).
 */
export function usePushAction() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<TPushStatus | null>(null);

  const enable = async (): Promise<TPushState | null> => {
    setBusy(true);
    setStatus(null);
    try {
      const state = await enablePush();
      if (state === 'subscribed') setStatus({ kind: 'success', text: t('notifications.push_state.enabled') });
      // The prompt was closed without an answer: nothing is blocked, the member may try again.
      else if (state === 'available') setStatus({ kind: 'info', text: t('notifications.push_state.dismissed') });
      return state;
    } catch {
      setStatus({ kind: 'danger', text: t('notifications.push_state.enable_failed') });
      return null;
    } finally {
      setBusy(false);
    }
  };

  const disable = async (): Promise<void> => {
    setBusy(true);
    setStatus(null);
    try {
      await disablePush();
      setStatus({ kind: 'success', text: t('notifications.push_state.disabled') });
    } catch {
      setStatus({ kind: 'danger', text: t('notifications.push_state.disable_failed') });
    } finally {
      setBusy(false);
    }
  };

  return { busy, status, enable, disable };
}

/** Where a push action's outcome is announced: a status line, or an alert for a failure. */
export function PushStatus({ status }: { status: TPushStatus | null }) {
  if (!status) return null;
  return (
    <p
      className={`small mb-0 mt-2 ${status.kind === 'danger' ? 'text-danger' : status.kind === 'success' ? 'text-success' : ''}`}
      role={status.kind === 'danger' ? 'alert' : 'status'}
    >
      {status.text}
    </p>
  );
}
