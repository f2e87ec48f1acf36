import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { STORAGE_KEYS } from '#common/constants.ts';
import type { TUser } from '#common/wire/user.ts';
import { markAlertHidden } from '#web/lib/hidden-alerts.ts';
import { readStored, writeStored } from '#web/lib/storage.ts';
import { url } from '#web/lib/url.ts';
import { DAY_MS } from '#common/time.ts';

/** Routes where the missing-photo warning is not shown (spec §4). */
const HIDDEN_ON = new Set([
  'profile',
  'signup',
  'activate/done',
  'premium',
  'notifications',
  'directdebit',
  'settings',
]);
/** A dismissed warning comes back after this long (spec: dismissal stored with a timestamp; period 'not shown'). */
export const ENRICH_ALERT_SNOOZE_MS = 7 * DAY_MS;

/** Whether the dismissal stored under hide-enrich-alert is still in force. */
export function isEnrichAlertSnoozed(stored: string | null, now: number): boolean {
  const at = Number(stored);
  return Number.isFinite(at) && at > 0 && now - at < ENRICH_ALERT_SNOOZE_MS;
}

/** Missing photo warning (spec §4): a dismissible alert for a member without a main image. */
export function MissingPhotoAlert({ user }: { user: TUser }) {
  const { t } = useTranslation();
  const matches = useMatches();
  const routeId = matches[matches.length - 1]?.id ?? '';
  // Rendered with the page (issue 32); a snooze (localStorage) hides it from the first paint (web/lib/hidden-alerts.ts).
  const [snoozed, setSnoozed] = useState(false);
  useEffect(() => setSnoozed(isEnrichAlertSnoozed(readStored(STORAGE_KEYS.hideEnrichAlert), Date.now())), []);
  if (user.profile.main_image || snoozed || HIDDEN_ON.has(routeId)) return null;
  const dismiss = () => {
    writeStored(STORAGE_KEYS.hideEnrichAlert, String(Date.now()));
    markAlertHidden('enrich');
    setSnoozed(true);
  };
  return (
    <div className="alert alert-info d-flex flex-wrap align-items-center gap-2" role="status" data-alert="enrich">
      <span className="me-auto">{t('photos.missing_alert')}</span>
      <Link className="btn btn-primary btn-sm" to={url('profile')}>
        {t('photos.add')}
      </Link>
      <button type="button" className="btn-close" aria-label={t('alerts.dismiss')} onClick={dismiss} />
    </div>
  );
}
