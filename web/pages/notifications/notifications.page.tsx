import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRevalidator } from 'react-router';
import type { TNotificationSettings } from '#common/wire/notifications.ts';
import { PageTitle } from '#web/components/page-title.tsx';
import { requireMember } from '#web/lib/require-user.server.ts';
import { EmailDisabledCard } from '#web/features/notifications/email-disabled-card.tsx';
import { NotificationSwitches } from '#web/features/notifications/notification-switches.tsx';
import { fetchNotificationSettings } from '#web/features/notifications/notifications.api.ts';
import { PushStateCard } from '#web/features/notifications/push-state-card.tsx';
import { appContext } from '#web/lib/app-context.ts';
import { url } from '#web/lib/url.ts';
import { useRootData } from '#web/lib/use-root-data.ts';
import type { Route } from './+types/notifications.page';

/** Members only: the switches come with the page (loaded again in the browser if they could not be read). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = requireMember(ctx, request);
  const settings: TNotificationSettings | null = await ctx.services.notifications.settings(user.id).catch(() => null);
  return { settings };
}

/** notifications: email and push switches per kind, this browser's push state, and email turned off. */
export default function NotificationsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const revalidator = useRevalidator();
  const [settings, setSettings] = useState(loaderData.settings);
  const [failed, setFailed] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const load = () => {
    setFailed(false);
    fetchNotificationSettings().then(setSettings, () => setFailed(true));
  };
  useEffect(() => {
    setSettings(loaderData.settings);
    if (!loaderData.settings) load();
  }, [loaderData.settings]);
  const user = root?.user;
  if (!user) return null;

  return (
    <section className="container py-4" style={{ maxWidth: 820 }}>
      <PageTitle title={t('notifications.page.title')} />
      <Link to={url('settings')} className="small d-inline-block mb-2">
        <span aria-hidden="true">‹ </span>
        {t('nav.settings')}
      </Link>
      <h1 className="h3 mb-2">{t('notifications.page.title')}</h1>
      <p className="text-body-secondary mb-4">{t('notifications.page.intro')}</p>
      {notice ? (
        <div className="alert alert-success" role="status">
          {notice}
        </div>
      ) : null}
      {settings && settings.notifications_disabled.length > 0 ? (
        <EmailDisabledCard
          reasons={settings.notifications_disabled}
          email={user.email}
          onReenabled={(answer) => {
            setSettings({ ...settings, notifications_disabled: answer.notifications_disabled });
            if (answer.status === 'enabled') {
              setNotice(t('notifications.email_disabled.reenabled'));
              // The account's notifications_disabled (warnings header) comes from the root data.
              void revalidator.revalidate();
            }
          }}
        />
      ) : null}
      <PushStateCard />
      {settings ? (
        <NotificationSwitches initial={settings.kinds} />
      ) : failed ? (
        <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert">
          <span className="me-auto">{t('notifications.page.load_failed')}</span>
          <button type="button" className="btn btn-outline-danger btn-sm" onClick={load}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <p className="text-body-secondary" role="status">
          {t('common.loading')}
        </p>
      )}
    </section>
  );
}
