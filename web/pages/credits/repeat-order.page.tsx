import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatMoney } from '#common/format.ts';
import { toCardWire } from '#common/wire/payments.ts';
import { FictionalNote } from '#web/components/fictional.tsx';
import { PageTitle } from '#web/components/page-title.tsx';
import { requireMember } from '#web/lib/require-user.server.ts';
import { CardPaymentFailed } from '#web/features/payments/card-payment-failed.tsx';
import { packagesFor, purchaseOrigin } from '#web/features/payments/packages.server.ts';
import { forgetCard, repeatOrder } from '#web/features/payments/payments.api.ts';
import { appContext } from '#web/lib/app-context.ts';
import { reloadCredits } from '#web/lib/credits-store.ts';
import { url } from '#web/lib/url.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import type { Route } from './+types/repeat-order.page';

/** The bundles of the member's country and the stored card; `?package=` preselects one (retry after a failure). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = requireMember(ctx, request);
  const offer = await packagesFor(ctx);
  const card = await ctx.services.payments.storedCard(user.id);
  const wanted = Number(new URL(request.url).searchParams.get('package'));
  return {
    packages: offer.packages,
    methods: offer.methods,
    card: card ? toCardWire(card) : null,
    preselected: offer.packages.some((p) => p.id === wanted) ? wanted : null,
    from: purchaseOrigin(request),
  };
}

/**
 * credits-repeat-order (spec §2): buy a bundle again in one click with the stored card. A declined card shows
 * 'Credit card payment failed' with a retry and PayPal (spec §9).
 */
export default function RepeatOrderPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { packages, card, from } = loaderData;
  // The bundle being charged (its button says so); it stays while the page moves on to the payment.
  const [busy, setBusy] = useState<number | null>(null);
  const [failedPackage, setFailedPackage] = useState<number | null>(null);
  const { run, error } = useAsyncAction();
  const [forgotten, setForgotten] = useState(false);
  const isHydrated = useHydrated();

  const buy = async (packageId: number) => {
    setBusy(packageId);
    setFailedPackage(null);
    const answer = await run(() => repeatOrder(packageId));
    if (!answer || answer.status === 'failed') {
      if (answer) setFailedPackage(packageId);
      setBusy(null);
      return;
    }
    if (answer.status === 'paid') void reloadCredits();
    await navigate(url('transactions', { id: answer.payment_id }, from ? { redirect: from } : undefined));
  };
  const forget = async () => {
    if (!card) return;
    await run(async () => {
      await forgetCard(card.id);
      setForgotten(true);
    });
  };

  return (
    <section className="container py-4" style={{ maxWidth: 800 }}>
      <PageTitle title={t('repeat_order.title')} />
      <h1 className="h3">{t('repeat_order.title')}</h1>
      {!card || forgotten ? (
        <div className="alert alert-secondary" role="status">
          <p>{forgotten ? t('repeat_order.forgotten') : t('repeat_order.no_card')}</p>
          <Link className="btn btn-primary" to={url('credits')}>
            {t('credits.title')}
          </Link>
        </div>
      ) : (
        <>
          <p className="lead">{t('repeat_order.intro', { card: card.label })}</p>
          {failedPackage !== null ? (
            <CardPaymentFailed
              retrying={busy === failedPackage}
              onRetry={() => void buy(failedPackage)}
              packageId={failedPackage}
              methods={loaderData.methods}
            />
          ) : null}
          {error ? (
            <p className="alert alert-danger" role="alert">
              {error}
            </p>
          ) : null}
          <ul className="list-group mb-3">
            {packages.map((p) => {
              const price = formatMoney(p.price, p.currency, i18n.language);
              return (
                <li
                  key={p.id}
                  className={`list-group-item d-flex flex-wrap align-items-center gap-2 py-3 ${
                    loaderData.preselected === p.id ? 'list-group-item-primary' : ''
                  }`}
                >
                  <span className={`badge package-dot ${p.colour}`} aria-hidden="true">
                    &nbsp;
                  </span>
                  <span className="me-auto fw-semibold">{t('credits.package_credits', { count: p.credits })}</span>
                  <span>{price}</span>
                  <button
                    type="button"
                    className="btn btn-primary"
                    disabled={busy !== null || !isHydrated}
                    onClick={() => void buy(p.id)}
                    aria-label={t('repeat_order.buy_label', { credits: p.credits, price })}
                  >
                    {busy === p.id ? t('repeat_order.charging') : t('repeat_order.buy', { price })}
                  </button>
                </li>
              );
            })}
          </ul>
          <p className="small text-body-secondary">{t('repeat_order.note')}</p>
          <div className="d-flex flex-wrap gap-3">
            <Link to={url('credits')}>{t('repeat_order.other_method')}</Link>
            <button type="button" className="btn btn-link p-0" onClick={() => void forget()} disabled={!isHydrated}>
              {t('repeat_order.forget')}
            </button>
          </div>
        </>
      )}
      <FictionalNote text="warning" className="small text-body-secondary mt-3" />
    </section>
  );
}
