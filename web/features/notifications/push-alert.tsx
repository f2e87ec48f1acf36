import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { STORAGE_KEYS } from '#common/constants.ts';
import { readStored, writeStored } from '#web/lib/storage.ts';
import { preloadPushKey, usePushState } from './push.ts';
import { PushStatus, usePushAction } from './use-push-action.tsx';

/** Routes where the push prompt is not shown (spec §4). */
const HIDDEN_ON = new Set(['signup', 'notifications', 'activate/done', 'directdebit', 'premium']);

/**
 * Push prompt (spec §4): when this browser could get push but has no subscription, an alert offers to turn it on
 * right here; dismissing it is remembered in this browser (`hide-push-notification-alert`). It depends on the browser
 * alone, so it appears after hydration only.
 */
export function PushAlert() {
  const { t } = useTranslation();
  const matches = useMatches();
  const routeId = matches[matches.length - 1]?.id ?? '';
  const state = usePushState();
  const { busy, status, enable } = usePushAction();
  // localStorage exists only in the browser: hidden until read after hydration, so server and client agree.
  const [dismissed, setDismissed] = useState(true);
  useEffect(() => setDismissed(readStored(STORAGE_KEYS.hidePushAlert) !== null), []);
  const shown = state === 'available' && !dismissed && !HIDDEN_ON.has(routeId);
  useEffect(() => {
    if (shown) void preloadPushKey().catch(() => undefined);
  }, [shown]);
  if (!shown) return null;
  const dismiss = () => {
    writeStored(STORAGE_KEYS.hidePushAlert, String(Date.now()));
    setDismissed(true);
  };
  return (
    <div className="alert alert-info" role="status">
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
