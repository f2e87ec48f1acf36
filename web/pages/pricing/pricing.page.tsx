import { useTranslation } from 'react-i18next';
import { FREE_PHOTO_LIMIT, PREMIUM_PHOTO_LIMIT } from '#common/constants.ts';
import { FictionalNote } from '#web/components/fictional.tsx';
import { PageTitle } from '#web/components/page-title.tsx';
import { appContext } from '#web/lib/app-context.ts';
import { useRootData } from '#web/lib/use-root-data.ts';
import type { Route } from './+types/pricing.page';

/** Public costs of paid actions and the minimum message costs per country (spec §3/§9). */
export function loader({ context }: Route.LoaderArgs) {
  const { site, locale, services } = context.get(appContext);
  const minimum = Object.entries(site.minimumMessageCosts)
    .map(([code, v]) => ({
      code,
      name: services.reference.countryName(code, locale),
      costs: v.costs,
      currency: v.currency,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
  return {
    message: site.messageCredits,
    photo: site.photoCredits,
    gift: site.giftCredits,
    refundDays: site.refundDays,
    minimum,
  };
}

export default function PricingPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const costs = [
    ['pricing.message', loaderData.message],
    ['pricing.photo', loaderData.photo],
    ['pricing.gift', loaderData.gift],
  ] as const;
  return (
    <section className="container py-4" style={{ maxWidth: 860 }}>
      <PageTitle title={t('pricing.title')} />
      <h1>{t('pricing.title')}</h1>
      <p className="lead">{t('pricing.intro', { site: root?.site.name })}</p>
      <div className="row g-4">
        <div className="col-md-6">
          <h2 className="h4">{t('pricing.costs_title')}</h2>
          <ul className="list-group">
            {costs.map(([key, value]) => (
              <li key={key} className="list-group-item d-flex justify-content-between">
                <span>{t(key)}</span>
                <strong>{t('common.credits_count', { count: value })}</strong>
              </li>
            ))}
          </ul>
        </div>
        <div className="col-md-6">
          <h2 className="h4">{t('pricing.free_title')}</h2>
          <ul>
            <li>{t('pricing.free_signup')}</li>
            <li>{t('pricing.free_search')}</li>
            <li>{t('pricing.free_likes')}</li>
            <li>{t('pricing.free_photos', { count: FREE_PHOTO_LIMIT, premium: PREMIUM_PHOTO_LIMIT })}</li>
          </ul>
        </div>
      </div>
      <h2 className="h4 mt-4">{t('pricing.minimum_title')}</h2>
      <div className="table-responsive">
        <table className="table table-sm">
          <thead>
            <tr>
              <th scope="col">{t('pricing.country')}</th>
              <th scope="col">{t('pricing.minimum')}</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.minimum.map((row) => (
              <tr key={row.code}>
                <td>{row.name}</td>
                <td>
                  {new Intl.NumberFormat(root?.locale, { style: 'currency', currency: row.currency }).format(
                    row.costs / 100,
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-body-secondary">{t('pricing.refund', { count: loaderData.refundDays })}</p>
      <FictionalNote text="warning" />
    </section>
  );
}
