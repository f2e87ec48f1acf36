import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { STORAGE_KEYS } from '#common/constants.ts';
import type { TUser } from '#common/wire/user.ts';
import { markAlertHidden } from '#web/lib/hidden-alerts.ts';
import { readStored, writeStored } from '#web/lib/storage.ts';
import { url } from '#web/lib/url.ts';

/** Routes where the disabled-notifications alert is not shown (spec §4). */
const HIDDEN_ON = new Set(['settings', 'notifications']);

/**
 * Disabled-notifications alert (spec §4): email notifications are off for the account (spam complaint, bounce,
 * unsubscribed from all); links to the notifications page. Dismissal is remembered (`hide-disabled-notifications-alert`).
 */
export function DisabledNotificationsAlert({ user }: { user: TUser }) {
  const { t } = useTranslation();
  const matches = useMatches();
  const routeId = matches[matches.length - 1]?.id ?? '';
  // Rendered with the page (issue 32); a dismissal (localStorage) hides it from the first paint (web/lib/hidden-alerts.ts).
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => setDismissed(readStored(STORAGE_KEYS.hideDisabledNotificationsAlert) !== null), []);
  if (user.notifications_disabled.length === 0 || dismissed || HIDDEN_ON.has(routeId)) return null;
  const dismiss = () => {
    writeStored(STORAGE_KEYS.hideDisabledNotificationsAlert, String(Date.now()));
    markAlertHidden('disabled-notifications');
    setDismissed(true);
  };
  return (
    <div
      className="alert alert-warning d-flex flex-wrap align-items-center gap-2"
      role="status"
      data-alert="disabled-notifications"
    >
      <span className="me-auto">{t('alerts.disabled_notifications.text')}</span>
      <Link className="btn btn-warning btn-sm" to={url('notifications')}>
        {t('alerts.disabled_notifications.link')}
      </Link>
      <button type="button" className="btn-close" aria-label={t('alerts.dismiss')} onClick={dismiss} />
    </div>
  );
}
