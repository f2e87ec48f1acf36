import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { preloadPushKey, usePushState } from './push.ts';
import { PushStatus, usePushAction } from './use-push-action.tsx';

/**
 * Push in this browser (spec §4 push states): not capable (what would work), capable (Enable), subscribed (Disable
 * on this device) or blocked (how to allow it in the browser's site settings).
 */
export function PushStateCard() {
  const { t } = useTranslation();
  const state = usePushState();
  const isHydrated = useHydrated();
  const { busy, status, enable, disable } = usePushAction();
  useEffect(() => {
    if (state === 'available') void preloadPushKey().catch(() => undefined);
  }, [state]);

  return (
    <section className="card card-body mb-4" aria-labelledby="push-state-title" aria-busy={state === null}>
      <h2 id="push-state-title" className="h5">
        {t('notifications.push_state.title')}
      </h2>
      {state === null ? (
        <p className="mb-0 text-body-secondary">{t('common.loading')}</p>
      ) : state === 'unsupported' ? (
        <p className="mb-0">{t('notifications.push_state.unsupported')}</p>
      ) : state === 'denied' ? (
        <p className="mb-0">{t('notifications.push_state.denied')}</p>
      ) : state === 'subscribed' ? (
        <div className="d-flex flex-wrap align-items-center gap-2">
          <p className="mb-0 me-auto">{t('notifications.push_state.subscribed')}</p>
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={busy || !isHydrated}
            onClick={() => void disable()}
          >
            {t('notifications.push_state.disable')}
          </button>
        </div>
      ) : (
        <div className="d-flex flex-wrap align-items-center gap-2">
          <p className="mb-0 me-auto">{t('notifications.push_state.available')}</p>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || !isHydrated}
            onClick={() => void enable()}
          >
            {t('notifications.push_state.enable')}
          </button>
        </div>
      )}
      <PushStatus status={status} />
    </section>
  );
}
