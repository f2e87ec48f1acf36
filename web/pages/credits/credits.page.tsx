import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '#common/format.ts';
import { FictionalNote } from '#web/components/fictional.tsx';
import { PageTitle } from '#web/components/page-title.tsx';
import { requireMember } from '#web/lib/require-user.server.ts';
import { discountedPrice } from '#common/payments.ts';
import { DiscountedPrice } from '#web/features/payments/discounted-price.tsx';
import { bestDiscountFor, packagesFor, purchaseOrigin } from '#web/features/payments/packages.server.ts';
import { Countdown } from '#web/features/payments/time-bonus.tsx';
import { useTimeBonus } from '#web/features/payments/time-bonus-store.ts';
import { appContext } from '#web/lib/app-context.ts';
import { useCredits } from '#web/lib/credits-store.ts';
import { url } from '#web/lib/url.ts';
import { useRootData } from '#web/lib/use-root-data.ts';
import type { Route } from './+types/credits.page';

/** The bundles of the member's country (spec §2 credits). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = requireMember(ctx, request);
  const [card, offer, discount] = await Promise.all([
    ctx.services.payments.storedCard(user.id),
    packagesFor(ctx),
    bestDiscountFor(ctx, user.id),
  ]);
  return {
    ...offer,
    card: card ? card.label : null,
    discount: discount
      ? { code: discount.code, percent: discount.value_percentage, currency: discount.currency }
      : null,
    from: purchaseOrigin(request),
  };
}

/** credits (spec §2): the package overview; one-time purchases, the first makes the member premium. */
export default function CreditsPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const credits = useCredits(useRootData()?.user?.credits ?? 0);
  const { packages, messageCredits, discount, from } = loaderData;
  const bonus = useTimeBonus();
  // The discount applies to bundles of its currency (a code without a currency to all).
  const priceOf = (p: (typeof packages)[number]) =>
    discount && (discount.currency === null || discount.currency === p.currency)
      ? discountedPrice(p, discount.percent, loaderData.pricing)
      : null;
  return (
    <section className="container py-4" style={{ maxWidth: 1140 }}>
      <PageTitle title={t('credits.title')} />
      <h1>{t('credits.title')}</h1>
      <p className="lead">{t('credits.intro')}</p>
      <p className="d-flex flex-wrap gap-3 align-items-center">
        <strong>{t('credits.balance', { count: credits })}</strong>
        {loaderData.card ? (
          <Link
            className="btn btn-outline-primary btn-sm"
            to={url('credits-repeat-order', {}, from ? { redirect: from } : undefined)}
          >
            {t('credits.repeat_link', { card: loaderData.card })}
          </Link>
        ) : null}
      </p>
      {bonus ? (
        <p className="alert alert-success d-flex flex-wrap gap-2">
          <strong>{t('time_bonus.banner', { percent: bonus.percentage })}</strong>
          <span>
            {t('time_bonus.ends_in')} <Countdown seconds={bonus.secondsLeft} />
          </span>
        </p>
      ) : null}
      {packages.length === 0 ? (
        <p className="alert alert-secondary">{t('credits.none')}</p>
      ) : (
        <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-4 g-3">
          {packages.map((p) => {
            const now = priceOf(p);
            return (
              <div className="col" key={p.id}>
                <div className={`card h-100 text-center package ${p.colour}`}>
                  {p.colour === 'p2' ? <div className="card-header fw-semibold">{t('credits.popular')}</div> : null}
                  <div className="card-body d-flex flex-column">
                    <h2 className="h4 card-title">{t('credits.package_credits', { count: p.credits })}</h2>
                    {now !== null && discount ? (
                      <p className="mb-0">
                        <span className="badge text-bg-success">
                          {t('credits.discount_badge', { percent: discount.percent })}
                        </span>
                      </p>
                    ) : null}
                    <p className="display-6 my-2">
                      <DiscountedPrice
                        price={p.price}
                        discounted={now}
                        percent={discount?.percent ?? null}
                        currency={p.currency}
                      />
                    </p>
                    <p className="text-body-secondary small">
                      {t('credits.per_message', {
                        price: formatMoney(
                          Math.round(((now ?? p.price) / p.credits) * messageCredits),
                          p.currency,
                          i18n.language,
                        ),
                      })}
                    </p>
                    <Link
                      className="btn btn-primary mt-auto"
                      to={url('credits-id-paymentmethod', { id: p.id }, from ? { redirect: from } : undefined)}
                      aria-label={`${t('credits.choose')}: ${t('credits.package_credits', { count: p.credits })}`}
                    >
                      {t('credits.choose')}
                    </Link>
                  </div>
                </div>
              </div>
            );
          })}
        </div>
      )}
      <p className="small text-body-secondary mt-3">{t('credits.one_time')}</p>
      <FictionalNote text="warning" />
      <p>
        <Link to={url('transactions')}>{t('credits.history')}</Link>
      </p>
    </section>
  );
}
