import { useTranslation } from 'react-i18next';
import { PageTitle } from '#web/components/page-title.tsx';
import { appContext } from '#web/lib/app-context.ts';
import type { Route } from './+types/account-deleted.page';

/** The partner site offered after deletion, when the site has one (spec §2 'partner redirect'). */
export function loader({ context }: Route.LoaderArgs) {
  return { partnerUrl: context.get(appContext).site.partnerUrl };
}

/** After deletion: the 14-day reactivation notice and the partner redirect (spec §2 account-deleted). */
export default function AccountDeletedPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="container py-5 text-center" style={{ maxWidth: 560 }}>
      <PageTitle title={t('delete.done_title')} />
      <h1 className="h3">{t('delete.done_title')}</h1>
      <p>{t('delete.done_text', { count: 14 })}</p>
      {loaderData.partnerUrl ? (
        <div className="card card-body mt-4">
          <p className="mb-2">{t('delete.partner_text')}</p>
          <a href={loaderData.partnerUrl} className="btn btn-primary" rel="noopener">
            {t('delete.partner_cta')}
          </a>
        </div>
      ) : null}
    </section>
  );
}
