import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { disablePush, enablePush, type TPushState } from './push.ts';

type TPushStatus = { kind: 'success' | 'danger' | 'info'; text: string };

/**
 * Enable and disable push from a button, with a busy flag and the outcome to announce (shared by the notifications
 * page and the push prompt alert).
 */
export function usePushAction() {
  const { t } = useTranslation();
  const { run, busy, error } = useAsyncAction();
  const [done, setDone] = useState<TPushStatus | null>(null);

  const enable = async (): Promise<TPushState | null> => {
    setDone(null);
    const state = await run(() => enablePush(), { error: () => t('notifications.push_state.enable_failed') });
    if (state === 'subscribed') setDone({ kind: 'success', text: t('notifications.push_state.enabled') });
    // The prompt was closed without an answer: nothing is blocked, the member may try again.
    else if (state === 'available') setDone({ kind: 'info', text: t('notifications.push_state.dismissed') });
    return state ?? null;
  };

  const disable = async (): Promise<void> => {
    setDone(null);
    const ok = await run(
      async () => {
        await disablePush();
        return true;
      },
      { error: () => t('notifications.push_state.disable_failed') },
    );
    if (ok) setDone({ kind: 'success', text: t('notifications.push_state.disabled') });
  };

  const status: TPushStatus | null = error ? { kind: 'danger', text: error } : done;
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
