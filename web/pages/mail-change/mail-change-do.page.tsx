import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { runAction } from '../../features/accounts/action-result.server.ts';
import { FormError } from '../../features/accounts/form-error.tsx';
import { appContext } from '../../lib/app-context.ts';
import { url } from '../../lib/url.ts';
import type { Route } from './+types/mail-change-do.page';

/** Confirms an email change with the link sent to the new address (spec §2 mail-change/do). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const result = await runAction(() => ctx.services.accountChanges.confirmEmailChange(token));
  return result.ok ? { done: true as const } : result.response;
}

export default function MailChangeDoPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const done = 'done' in loaderData;
  return (
    <section className="container py-5 text-center" style={{ maxWidth: 560 }}>
      <PageTitle title={t('settings.email_title')} />
      <h1 className="h3">{t('settings.email_title')}</h1>
      {done ? (
        <div className="alert alert-success" role="status">
          {t('settings.email_changed')}
        </div>
      ) : (
        <FormError error={'error' in loaderData ? loaderData.error : null} />
      )}
      <Link to={url('settings')} className="btn btn-primary">
        {t('nav.settings')}
      </Link>
    </section>
  );
}
