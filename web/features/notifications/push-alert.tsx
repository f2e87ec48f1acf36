import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { STORAGE_KEYS } from '#common/constants.ts';
import { markAlertHidden, unmarkAlertHidden } from '#web/lib/hidden-alerts.ts';
import { readStored, writeStored } from '#web/lib/storage.ts';
import { preloadPushKey, usePushState } from './push.ts';
import { PushStatus, usePushAction } from './use-push-action.tsx';

/** Routes where the push prompt is not shown (spec §4). */
const HIDDEN_ON = new Set(['signup', 'notifications', 'activate/done', 'directdebit', 'premium']);

/**
 * Push prompt (spec §4): when this browser could get push but has no subscription, an alert offers to turn it on
 * right here; dismissing it is remembered in this browser (`hide-push-notification-alert`). It depends on the browser
 * alone: the server renders it, and the head script hides it before the first paint where the browser cannot push,
 * has decided on the permission or dismissed it (web/lib/hidden-alerts.ts), so it never appears late (issue 32).
 */
export function PushAlert() {
  const { t } = useTranslation();
  const matches = useMatches();
  const routeId = matches[matches.length - 1]?.id ?? '';
  const state = usePushState();
  const { busy, status, enable } = usePushAction();
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => setDismissed(readStored(STORAGE_KEYS.hidePushAlert) !== null), []);
  // Until the browser answered (the server's render, hydration) the prompt is assumed to apply; see above.
  const shown = (state ?? 'available') === 'available' && !dismissed && !HIDDEN_ON.has(routeId);
  const offered = shown && state === 'available';
  useEffect(() => {
    if (!offered) return;
    // The head script hides the prompt where the permission is already granted; without a subscription it applies.
    unmarkAlertHidden('push');
    void preloadPushKey().catch(() => undefined);
  }, [offered]);
  if (!shown) return null;
  const dismiss = () => {
    writeStored(STORAGE_KEYS.hidePushAlert, String(Date.now()));
    markAlertHidden('push');
    setDismissed(true);
  };
  return (
    <div className="alert alert-info" role="status" data-alert="push">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span className="me-auto">{t('alerts.push.text')}</span>
        <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => void enable()}>
          {t('alerts.push.enable')}
        </button>
        <button type="button" className="btn-close" aria-label={t('alerts.dismiss')} onClick={dismiss} />
      </div>
      <PushStatus status={status} />
    </div>
  );
}
