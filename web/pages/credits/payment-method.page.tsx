import { useState } from 'react';
import { Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { data, Link, redirect, useNavigate } from 'react-router';
import { formatMoney } from '#common/format.ts';
import type { TDiscount } from '#common/wire/payments.ts';
import { discountedPrice, type TPaymentMethod } from '#common/payments.ts';
import { FictionalNote } from '#web/components/fictional.tsx';
import { PageTitle } from '#web/components/page-title.tsx';
import { requireMember } from '#web/lib/require-user.server.ts';
import { DiscountedPrice } from '#web/features/payments/discounted-price.tsx';
import { bestDiscountFor, packagesFor, purchaseOrigin } from '#web/features/payments/packages.server.ts';
import { fetchDiscount, startPayment } from '#web/features/payments/payments.api.ts';
import { appContext } from '#web/lib/app-context.ts';
import { CheckField, Field } from '#web/lib/form/field.tsx';
import { url } from '#web/lib/url.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import type { Route } from './+types/payment-method.page';

/** One bundle of the member's country and the methods offered there; anything else is not found. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = requireMember(ctx, request);
  const { packages, methods, pricing } = await packagesFor(ctx);
  const pack = packages.find((p) => String(p.id) === params.id);
  if (!pack) throw data('', { status: 404 });
  const chosen = methods.find((m) => m === params.paymentmethod) ?? null;
  const from = purchaseOrigin(request);
  // Direct debit has its own form (mandate and SMS code); every other method confirms in the modal.
  if (chosen === 'directdebit')
    throw redirect(url('directdebit', {}, { package: pack.id, ...(from ? { redirect: from } : {}) }));
  // The best code the member holds applies by itself (welcome or retention); the field takes another one.
  const best = await bestDiscountFor(ctx, user.id);
  const discount = best && (best.currency === null || best.currency === pack.currency) ? best : null;
  return { pack, methods, chosen, pricing, discount, from };
}

/** credits-id-paymentmethod (spec §2): the payment method choice, confirmed in the payment confirm modal. */
export default function PaymentMethodPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { pack, methods } = loaderData;
  const navigate = useNavigate();
  const [method, setMethodState] = useState<TPaymentMethod | null>(loaderData.chosen);
  const setMethod = (m: TPaymentMethod | null) => {
    if (m === 'directdebit')
      void navigate(
        url('directdebit', {}, { package: pack.id, ...(loaderData.from ? { redirect: loaderData.from } : {}) }),
      );
    else setMethodState(m);
  };
  const [rememberCard, setRememberCard] = useState(false);
  const { run, busy, error } = useAsyncAction();
  // After a started payment the browser is leaving for the provider: the button stays busy.
  const [leaving, setLeaving] = useState(false);
  const starting = busy || leaving;
  const [discount, setDiscount] = useState<TDiscount | null>(loaderData.discount);
  const [codeInput, setCodeInput] = useState('');
  const code = useAsyncAction();
  const isHydrated = useHydrated();
  const applyCode = () =>
    code.run(async () => {
      setDiscount(await fetchDiscount(codeInput.trim()));
      setCodeInput('');
    });
  // The same rule the server charges by (never below the country's minimum message price).
  const amount = discount ? discountedPrice(pack, discount.value_percentage, loaderData.pricing) : pack.price;
  const price = formatMoney(amount, pack.currency, i18n.language);
  const start = async () => {
    if (!method) return;
    const answer = await run(() =>
      startPayment({
        package_id: pack.id,
        payment_method: method,
        ...(discount ? { discount_code: discount.code } : {}),
        ...(method === 'creditcard' && rememberCard ? { remember_card: true } : {}),
        ...(loaderData.from ? { redirect: loaderData.from } : {}),
      }),
    );
    if (!answer) return;
    setLeaving(true);
    window.location.assign(answer.checkout_url);
  };
  return (
    <section className="container py-4" style={{ maxWidth: 640 }}>
      <PageTitle title={t('credits.method_title')} />
      <h1 className="h3">{t('credits.method_title')}</h1>
      <p className="lead">{t('credits.method_summary', { credits: pack.credits, price })}</p>
      <div className="list-group mb-3">
        {methods.map((m) => (
          <button
            key={m}
            type="button"
            className="list-group-item list-group-item-action py-3"
            onClick={() => setMethod(m)}
            disabled={!isHydrated}
          >
            {t(`payment_methods.${m}`)}
          </button>
        ))}
      </div>
      {discount ? (
        <p className="alert alert-success d-flex flex-wrap align-items-center gap-2" role="status">
          <span className="me-auto">
            <strong>{t('credits.discount_badge', { percent: discount.value_percentage })}</strong> (
            <span className="font-monospace">{discount.code}</span>):{' '}
            <DiscountedPrice
              price={pack.price}
              discounted={amount}
              percent={discount.value_percentage}
              currency={pack.currency}
            />
          </span>
          <button type="button" className="btn btn-sm btn-light border" onClick={() => setDiscount(null)}>
            {t('credits.discount_remove')}
          </button>
        </p>
      ) : null}
      <form
        className="mb-3"
        onSubmit={(e) => {
          e.preventDefault();
          void applyCode();
        }}
      >
        <Field
          id="discount-code"
          label={discount ? t('credits.discount_another') : t('credits.discount_label')}
          className=""
          labelClassName="form-label"
          failure={code.error}
        >
          {(wiring) => (
            <div className="input-group">
              <input
                {...wiring}
                className={`form-control ${code.error ? 'is-invalid' : ''}`}
                value={codeInput}
                maxLength={40}
                autoComplete="off"
                onChange={(e) => setCodeInput(e.target.value)}
              />
              <button type="submit" className="btn btn-outline-secondary" disabled={!codeInput.trim() || code.busy}>
                {t('credits.discount_apply')}
              </button>
            </div>
          )}
        </Field>
      </form>
      <FictionalNote text="warning" />
      <Link to={url('credits', {}, loaderData.from ? { redirect: loaderData.from } : undefined)}>
        {t('credits.back')}
      </Link>
      <Modal
        show={method !== null}
        onHide={() => !starting && setMethod(null)}
        centered
        aria-labelledby="confirm-title"
      >
        <Modal.Header closeButton closeLabel={t('alerts.dismiss')}>
          <Modal.Title id="confirm-title" as="h2" className="h5">
            {method ? t(`payment_methods.${method}`) : ''}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-1">{t('credits.method_summary', { credits: pack.credits, price })}</p>
          <p className="small text-body-secondary mb-0">{t('credits.one_time')}</p>
          {method === 'creditcard' ? (
            <CheckField
              id="remember-card"
              className="mt-3"
              label={t('credits.remember_card')}
              hint={t('credits.remember_card_hint')}
              checked={rememberCard}
              onChange={(e) => setRememberCard(e.target.checked)}
            />
          ) : null}
          {error ? (
            <p className="text-danger mt-2 mb-0" role="alert">
              {error}
            </p>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-primary w-100" onClick={() => void start()} disabled={starting}>
            {starting ? t('credits.redirecting') : t('credits.pay', { price })}
          </button>
        </Modal.Footer>
      </Modal>
    </section>
  );
}
