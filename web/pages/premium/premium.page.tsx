import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PREMIUM_PHOTO_LIMIT } from '#common/constants.ts';
import { FictionalNote } from '#web/components/fictional.tsx';
import { PageTitle } from '#web/components/page-title.tsx';
import { requireMember } from '#web/lib/require-user.server.ts';
import { purchaseOrigin } from '#web/features/payments/packages.server.ts';
import { appContext } from '#web/lib/app-context.ts';
import { url } from '#web/lib/url.ts';
import { useRootData } from '#web/lib/use-root-data.ts';
import type { Route } from './+types/premium.page';

export function loader({ context, request }: Route.LoaderArgs) {
  requireMember(context.get(appContext), request);
  return { from: purchaseOrigin(request) };
}

/** premium (spec §1, §2): the benefits of premium and the way there, the first credit purchase. */
export default function PremiumPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const premium = Boolean(useRootData()?.user?.paid_user);
  const benefits = [
    t('premium.benefit_photos'),
    t('premium.benefit_conversations'),
    t('premium.benefit_uploads', { count: PREMIUM_PHOTO_LIMIT }),
    t('premium.benefit_swipe'),
  ];
  return (
    <section className="container py-4" style={{ maxWidth: 800 }}>
      <PageTitle title={t('premium.title')} />
      <h1>{t('premium.title')}</h1>
      <p className="lead fw-semibold text-primary">{t('premium.intro')}</p>
      <h2 className="h5 mt-4">{t('premium.benefits_title')}</h2>
      <ul className="list-unstyled">
        {benefits.map((b) => (
          <li key={b} className="mb-2">
            <span className="text-primary me-2" aria-hidden="true">
              ✓
            </span>
            {b}
          </li>
        ))}
      </ul>
      {premium ? (
        <p className="alert alert-success">{t('premium.already')}</p>
      ) : (
        <p className="text-body-secondary">{t('premium.how')}</p>
      )}
      <Link
        className="btn btn-primary btn-lg"
        to={url('credits', {}, loaderData.from ? { redirect: loaderData.from } : undefined)}
      >
        {t('premium.cta')}
      </Link>
      <FictionalNote text="warning" className="small text-body-secondary mt-4" />
    </section>
  );
}
